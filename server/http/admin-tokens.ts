/**
 * Admin tokens (issue #10 Serving): 32 random bytes (base64url) handed out by POST /api/admin/login and kept only as
 * their SHA-256 in a bounded in-memory map until they expire (ADMIN_TOKEN_TTL_MS) or are revoked by Logout.
 * A restart forgets them: the back office then shows its session-expired text and the admin logs in again.
 * One store per app (adminTokensOf), shared by the admin guard and the media file route, which serves an item hidden
 * by a takedown to the admin alone.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Clock } from '../core/clock'
import type { Deps } from '../core/deps'
import { createExpiringMap } from './rate-limit'
import { cookieValue, siteCookie } from './cookie-value'
import { HttpError } from './errors'
import { ADMIN_TOKEN_TTL_MS } from '../contract/admin/auth'

/** Base name of the admin token cookie (HttpOnly, SameSite=Strict; siteCookie prefixes it over https). */
export const ADMIN_COOKIE = 'hv_admin'

/** Name, Secure flag and path of the admin token cookie on the site of publicUrl: `__Host-hv_admin`, Path=/ over https; `hv_admin`, Path=/api over http. */
export const adminCookie = (publicUrl: string) => siteCookie(publicUrl, ADMIN_COOKIE, '/api')

/** Most live admin tokens kept; the oldest are forgotten beyond it. */
export const MAX_ADMIN_TOKENS = 1000

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

/** The token store of one app: issue() -> {token, expiresAt (ms)}, isValid(token), revoke(token). */
function createAdminTokenStore(clock: Clock) {
  const tokens = createExpiringMap<true>(clock, MAX_ADMIN_TOKENS)
  return {
    issue() {
      const token = randomBytes(32).toString('base64url')
      const expiresAt = clock.now().getTime() + ADMIN_TOKEN_TTL_MS
      tokens.set(hashOf(token), true, expiresAt)
      return { token, expiresAt }
    },
    isValid: (token: string | undefined) => !!token && tokens.get(hashOf(token)) === true,
    revoke: (token: string | undefined) => void (token && tokens.delete(hashOf(token))),
  }
}

const stores = new WeakMap<Deps, ReturnType<typeof createAdminTokenStore>>()

/** The token store of the app built on deps (created on first use; tests build many apps, so keyed weakly). */
export function adminTokensOf(deps: Deps): ReturnType<typeof createAdminTokenStore> {
  let store = stores.get(deps)
  if (!store) stores.set(deps, (store = createAdminTokenStore(deps.clock)))
  return store
}

/** True when the Cookie header (cookieHeader; null when absent) carries a live admin token of the app built on deps. */
export const hasAdminToken = (deps: Deps, cookieHeader: string | null) => adminTokensOf(deps).isValid(cookieValue(cookieHeader, adminCookie(deps.config.publicUrl).name))

/**
 * The 401 of an admin call without valid credentials: `WWW-Authenticate: Basic realm="admin"` for the CLI and plain
 * HTTP clients, none for the /adm app's own calls (marked X-Requested-With), so the browser shows no prompt of its own.
 * extraHeaders are added to the answer (e.g. Connection: close).
 */
export function adminAuthRequired(request: Request, extraHeaders: Record<string, string> = {}): HttpError {
  const challenge: Record<string, string> = request.headers.has('x-requested-with') ? {} : { 'WWW-Authenticate': 'Basic realm="admin"' }
  return new HttpError(401, 'Admin authentication required', undefined, undefined, { ...challenge, ...extraHeaders })
}
