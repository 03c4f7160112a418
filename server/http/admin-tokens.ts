/**
 * Admin tokens: 32 random bytes (base64url) handed out by POST /api/admin/login and stored in the
 * database only as their SHA-256 until they expire (ADMIN_TOKEN_TTL_MS) or are revoked by Logout. Every instance of
 * the site admits a token any of them issued, a logout on one ends it on all, and a restart keeps it. Used by the admin
 * guard and the media file route, which serves an item hidden by a takedown to the admin alone.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Deps } from '../core/deps'
import { deleteAdminToken, deleteExpiredAdminTokens, insertAdminToken, isLiveAdminToken } from '../repositories/admin-tokens.repository'
import { PRUNE_BATCH, pruneSometimes } from './prune'
import { cookieValue, siteCookie } from './cookie-value'
import { HttpError } from './errors'
import { ADMIN_TOKEN_TTL_MS } from '../contract/admin/auth'

/** Base name of the admin token cookie (HttpOnly, SameSite=Strict; siteCookie prefixes it over https). */
export const ADMIN_COOKIE = 'hv_admin'

/** Name, Secure flag and path of the admin token cookie on the site of publicUrl: `__Host-hv_admin`, Path=/ over https; `hv_admin`, Path=/api over http. */
export const adminCookie = (publicUrl: string) => siteCookie(publicUrl, ADMIN_COOKIE, '/api')

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

/** Issues a new admin token valid for ADMIN_TOKEN_TTL_MS: answers it and when it expires (ms since epoch). */
export async function issueAdminToken(deps: Pick<Deps, 'db' | 'clock'>): Promise<{ token: string; expiresAt: number }> {
  const now = deps.clock.now().getTime()
  await pruneSometimes(deps.db, 'admin_tokens', now, () => deleteExpiredAdminTokens(deps.db, new Date(now).toISOString(), PRUNE_BATCH))
  const token = randomBytes(32).toString('base64url')
  const expiresAt = now + ADMIN_TOKEN_TTL_MS
  await insertAdminToken(deps.db, hashOf(token), new Date(expiresAt).toISOString())
  return { token, expiresAt }
}

/** Ends token on every instance; nothing happens for a missing or unknown one. */
export async function revokeAdminToken(deps: Pick<Deps, 'db'>, token: string | undefined): Promise<void> {
  if (token) await deleteAdminToken(deps.db, hashOf(token))
}

/** True when the Cookie header (cookieHeader; null when absent) carries a live admin token. */
export async function hasAdminToken(deps: Pick<Deps, 'db' | 'clock' | 'config'>, cookieHeader: string | null): Promise<boolean> {
  const token = cookieValue(cookieHeader, adminCookie(deps.config.publicUrl).name)
  return !!token && isLiveAdminToken(deps.db, hashOf(token), deps.clock.now().toISOString())
}

/**
 * The 401 of an admin call without valid credentials: `WWW-Authenticate: Basic realm="admin"` for the CLI and plain
 * HTTP clients, none for the /adm app's own calls (marked X-Requested-With), so the browser shows no prompt of its own.
 * extraHeaders are added to the answer (e.g. Connection: close).
 */
export function adminAuthRequired(request: Request, extraHeaders: Record<string, string> = {}): HttpError {
  const challenge: Record<string, string> = request.headers.has('x-requested-with') ? {} : { 'WWW-Authenticate': 'Basic realm="admin"' }
  return new HttpError(401, 'Admin authentication required', undefined, undefined, { ...challenge, ...extraHeaders })
}
