/** Routes /api/session (public-visitor §7, server-contract: Visitor session). */
import { Elysia } from 'elysia'
import type { Deps } from '../../core/deps'
import { SessionInputSchema, SessionUserSchema } from '../../contract/session'
import { ErrorSchema } from '../../contract/common'
import { routes } from '../../contract/paths'
import { HttpError } from '../../http/errors'
import { addressKey, clientAddress } from '../../http/client-address'
import { cookieValue } from '../../http/cookie-value'
import { loggedOutCookieName, sessionCookieName, sessionCookieOptions, toSessionUser, visitorSession } from '../../http/session-user'
import { endVisitorSession, visitorStarter } from './session.service'
import { noContent } from '../../http/openapi-responses'

/**
 * POST /api/session creates or resumes a visitor and sets the sid cookie (429 with Retry-After past
 * config.sessionsPerAddressPerHour new visitors per client address; resuming is never limited); GET answers the
 * cookie's user or 401; DELETE (logout) ends the cookie's session on the server (endVisitorSession: that session id
 * opens the account no more), expires the sid cookie, sets the logged-out cookie (the first screen of `/` then starts
 * no visitor) and answers 204, with or without a session. The account stays. POST clears the logged-out cookie.
 */
export function sessionRoutes(deps: Deps) {
  const startVisitor = visitorStarter(deps)
  const loggedOut = loggedOutCookieName(deps.config.publicUrl)
  return new Elysia({ tags: ['session'] })
    .use(visitorSession(deps))
    .post(
      routes.session,
      async ({ body, cookie, server, request }) => {
        const address = addressKey(clientAddress(server, request, deps.config.trustedProxy))
        const user = await startVisitor(body, address)
        cookie[sessionCookieName(deps.config.publicUrl)].set({ value: body.sessionId, ...sessionCookieOptions(deps.config.publicUrl) })
        if (cookieValue(request.headers.get('cookie'), loggedOut) !== undefined)
          cookie[loggedOut].set({ ...sessionCookieOptions(deps.config.publicUrl), value: '', maxAge: 0, expires: new Date(0) })
        return toSessionUser(user, body.sessionId)
      },
      {
        body: SessionInputSchema,
        response: { 200: SessionUserSchema, 400: ErrorSchema, 429: ErrorSchema },
        detail: {
          summary: 'Create or resume the visitor session (public-visitor §7); 429 past the hourly limit of new visitors per address',
        },
      },
    )
    .get(
      routes.session,
      ({ visitorUser, sid }) => {
        if (!visitorUser || !sid) throw new HttpError(401, 'No session')
        return toSessionUser(visitorUser, sid)
      },
      {
        optionalVisitor: true,
        response: { 200: SessionUserSchema, 401: ErrorSchema },
        detail: { summary: 'The visitor of the sid cookie (public-visitor §7)' },
      },
    )
    .delete(
      routes.session,
      async ({ cookie, set, visitorUser, sid }) => {
        if (visitorUser && sid) await endVisitorSession(deps, sid)
        cookie[sessionCookieName(deps.config.publicUrl)].set({
          ...sessionCookieOptions(deps.config.publicUrl),
          value: '',
          maxAge: 0,
          expires: new Date(0),
        })
        cookie[loggedOut].set({ ...sessionCookieOptions(deps.config.publicUrl), value: '1' })
        set.status = 204
      },
      {
        optionalVisitor: true,
        detail: {
          summary: "Logout: end the cookie's session and expire the sid cookie",
          responses: noContent('Session ended, cookie expired'),
        },
      },
    )
}
