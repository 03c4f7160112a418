/**
 * The admin guard and login (server-contract: Admin API). An admin call is admitted with a live
 * admin token cookie (from POST /api/admin/login, used by the /adm app) or with HTTP Basic credentials (the CLI);
 * otherwise 401 with `WWW-Authenticate: Basic realm="admin"` (not for the /adm app's own calls, marked
 * X-Requested-With, so the browser shows no prompt of its own). Credential attempts are limited per client address
 * and slowed per guesser, an address trying one username (admin-credentials.ts). The login and logout routes come
 * before the guard and are open; the route plugins passed to adminGuard(deps, guarded) are guarded.
 */
import { Elysia, type AnyElysia } from 'elysia'
import * as v from 'valibot'
import type { Deps } from '../../core/deps'
import { HttpError } from '../../http/errors'
import { addressKey, clientAddress } from '../../http/client-address'
import { AdminLoginAnswerSchema, AdminLoginInputSchema, ADMIN_TOKEN_TTL_MS } from '../../contract/admin/auth'
import { routes } from '../../contract/paths'
import { basicCredentials, createAdminCredentialCheck, LOCKED_OUT } from './admin-credentials'
import { adminAuthRequired, adminCookie, hasAdminToken, issueAdminToken, revokeAdminToken } from '../../http/admin-tokens'
import { noContent } from '../../http/openapi-responses'

/**
 * Cookie attributes of the admin token: script cannot read it, no other site can send it; over http only /api gets
 * it, over https it is a `__Host-` cookie (Secure, Path=/, no Domain: adminCookie).
 */
const cookieOptions = (publicUrl: string, maxAgeS: number) => {
  const { secure, path } = adminCookie(publicUrl)
  return { httpOnly: true, sameSite: 'strict' as const, secure, path, maxAge: maxAgeS }
}

/**
 * An Elysia instance with the open login/logout routes and the route plugins of `guarded` behind the guard:
 * `adminGuard(deps, [adminConfigRoutes(deps), ...])`. The guard is an Elysia `guard` hook rather
 * than an onBeforeHandle on this instance: Elysia infers what a hook reads from the context app-wide
 * once its instance is used, so the guard reading `server` made every route of the app define it per request.
 * Throws (per guarded request) HttpError 401 without a live token or valid Basic credentials, 429 while locked out.
 */
export function adminGuard(deps: Deps, guarded: AnyElysia[]) {
  const credentials = createAdminCredentialCheck(deps)
  const cookieName = adminCookie(deps.config.publicUrl).name
  return new Elysia()
    .post(
      routes.adminLogin,
      async ({ body, request, server, cookie }) => {
        const creds =
          basicCredentials(request.headers.get('authorization')) ?? (body as v.InferOutput<typeof AdminLoginInputSchema> | undefined)
        if (!creds || !(await credentials.verify(creds, addressKey(clientAddress(server, request, deps.config.trustedProxy)))))
          throw new HttpError(401, 'Invalid credentials')
        const { token, expiresAt } = await issueAdminToken(deps)
        cookie[cookieName].set({ value: token, ...cookieOptions(deps.config.publicUrl, ADMIN_TOKEN_TTL_MS / 1000) })
        return { expiresAt: new Date(expiresAt).toISOString() }
      },
      {
        body: v.optional(AdminLoginInputSchema),
        response: { 200: AdminLoginAnswerSchema },
        detail: {
          summary:
            'Trade admin credentials (JSON or HTTP Basic) for a 12 h HttpOnly admin token cookie; 401 Invalid credentials, 429 when locked out',
          tags: ['admin auth'],
        },
      },
    )
    .post(
      routes.adminLogout,
      async ({ cookie, set }) => {
        await revokeAdminToken(deps, cookie[cookieName].value as string | undefined)
        cookie[cookieName].set({ value: '', ...cookieOptions(deps.config.publicUrl, 0) })
        set.status = 204
      },
      {
        detail: {
          summary: 'Revoke the admin token cookie (back-office Logout); 204 whether or not it was live',
          tags: ['admin auth'],
          responses: noContent('Token revoked'),
        },
      },
    )
    .guard(
      {
        async beforeHandle({ request, server }) {
          // From the Cookie header, not Elysia's cookie jar (server/http/cookie-value.ts).
          if (await hasAdminToken(deps, request.headers.get('cookie'))) return
          const address = addressKey(clientAddress(server, request, deps.config.trustedProxy))
          const creds = basicCredentials(request.headers.get('authorization'))
          if (creds && (await credentials.verify(creds, address))) return
          if (await credentials.isLocked(address)) throw new HttpError(429, LOCKED_OUT)
          throw adminAuthRequired(request)
        },
      },
      (admin) => guarded.reduce((app, plugin) => app.use(plugin), admin),
    )
}
