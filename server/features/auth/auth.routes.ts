/**
 * Email and magic-link routes (public-visitor §7; server-contract: Email and magic links): validate-email,
 * send-magic-link, login-existing, link-info (looks at a token without using it), verify (POST uses the token; GET
 * only redirects to the client page), email-capture.
 */
import { Elysia } from 'elysia'
import type { Deps } from '../../core/deps'
import {
  EmailCaptureSchema,
  EmailInputSchema,
  EmailValidationSchema,
  MagicLinkInfoSchema,
  MessageSchema,
  SendMagicLinkSchema,
  VerifyAnswerSchema,
  VerifyTokenSchema,
} from '../../contract/auth'
import { routes } from '../../contract/paths'
import { checkEmail } from '../../mail/email-check'
import { createRateLimiter, HOUR_MS } from '../../http/rate-limit'
import { addressKey, clientAddress, type PeerSource } from '../../http/client-address'
import { HttpError } from '../../http/errors'
import { sessionCookieName, sessionCookieOptions, visitorSession } from '../../http/session-user'
import { redirectAnswer } from '../../http/openapi-responses'
import { captureEmail, describeToken, requireValidEmail, scheduleLoginLink, sendSaveLink, verifyToken } from './auth.service'

export const LOGIN_LINK_SENT = 'If an account uses this email, a login link is on its way.'

/** The auth routes; 429 past 5 links per email or 20 per client address in an hour. */
export function authRoutes(deps: Deps) {
  const perEmail = createRateLimiter(deps, 'magic-link-email', { limit: 5, windowMs: HOUR_MS })
  const perAddress = createRateLimiter(deps, 'magic-link-address', { limit: 20, windowMs: HOUR_MS })
  /** Throws HttpError 429 when this email or address has asked too often. */
  const limit = async (email: string, address: string) => {
    if (!(await perAddress.hit(addressKey(address))) || !(await perEmail.hit(email)))
      throw new HttpError(429, 'Too many login links requested. Please try again later.')
  }
  const addressOf = (server: PeerSource, request: Request) => clientAddress(server, request, deps.config.trustedProxy)

  return new Elysia({ tags: ['auth'] })
    .use(visitorSession(deps))
    .post(routes.validateEmail, ({ body }) => checkEmail(body.email), {
      body: EmailInputSchema,
      response: { 200: EmailValidationSchema },
      detail: { summary: 'Syntax, disposable-domain and typo check of an email' },
    })
    .post(
      routes.sendMagicLink,
      async ({ body, server, request }) => {
        await limit(requireValidEmail(body.email), addressOf(server, request))
        await sendSaveLink(deps, body, addressOf(server, request))
        return { message: 'Magic link sent! Check your email.' }
      },
      {
        body: SendMagicLinkSchema,
        response: { 200: MessageSchema },
        detail: {
          summary:
            "Email a link that saves the visitor's account; for an address another account verified, a mail to it says so with a login link; same answer either way",
        },
      },
    )
    .post(
      routes.loginExisting,
      async ({ body, server, request, visitorUser, sid }) => {
        const email = requireValidEmail(body.email)
        await limit(email, addressOf(server, request))
        scheduleLoginLink(deps, email, addressOf(server, request), visitorUser && sid)
        return { message: LOGIN_LINK_SENT }
      },
      {
        optionalVisitor: true,
        body: EmailInputSchema,
        response: { 200: MessageSchema },
        detail: { summary: 'Email a login link when an account verified this email; same answer either way, mail sent after it' },
      },
    )
    .post(routes.magicLinkInfo, ({ body, sid }) => describeToken(deps, body.token, sid), {
      optionalVisitor: true,
      body: VerifyTokenSchema,
      response: { 200: MagicLinkInfoSchema },
      detail: {
        summary: 'Whose account a magic-link token opens and whether this browser asked for it; uses nothing (400 {error, code} as verify)',
      },
    })
    .post(
      routes.verifyMagicLink,
      async ({ body, cookie, sid }) => {
        const answer = await verifyToken(deps, body.token, sid)
        cookie[sessionCookieName(deps.config.publicUrl)].set({ value: answer.sessionId, ...sessionCookieOptions(deps.config.publicUrl) })
        return answer
      },
      {
        optionalVisitor: true,
        body: VerifyTokenSchema,
        response: { 200: VerifyAnswerSchema },
        detail: {
          summary:
            'Use a magic-link token: the sid cookie stays when it is already a session of that user, else a new one is set (400 {error, code} when it cannot be used)',
        },
      },
    )
    .get(
      routes.verifyMagicLink,
      ({ query, redirect }) => redirect(`/auth/verify?token=${encodeURIComponent(String(query.token ?? ''))}`, 302),
      {
        detail: {
          summary: 'Old links and mail scanners: changes nothing, redirects to the client page',
          responses: redirectAnswer('To /auth/verify?token=... (the client page)'),
        },
      },
    )
    .post(
      routes.emailCapture,
      async ({ body, set }) => {
        await captureEmail(deps, body)
        set.status = 201
        return { message: 'Thanks for your email!' }
      },
      { body: EmailCaptureSchema, response: { 201: MessageSchema }, detail: { summary: 'Store an email from the email-capture prompt' } },
    )
}
