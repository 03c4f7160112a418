/**
 * The admin guard (server-contract: Admin API): HTTP Basic with ADMIN_USERNAME / ADMIN_PASSWORD compared in
 * constant time; 401 with `WWW-Authenticate: Basic realm="admin"` otherwise (not for the /adm app's own calls,
 * marked X-Requested-With, so the browser shows no prompt of its own); 10 failures from one client address
 * within 10 minutes lock that address out with 429 for 10 minutes. Routes used after it on its instance are guarded.
 */
import { Elysia } from 'elysia'
import { createHash, timingSafeEqual } from 'node:crypto'
import type { Deps } from '../../deps'
import { HttpError } from '../../http/errors'

export const MAX_FAILURES = 10
export const FAILURE_WINDOW_MS = 10 * 60 * 1000
export const LOCKOUT_MS = 10 * 60 * 1000

const digest = (s: string) => createHash('sha256').update(s).digest()
/** Equal strings, compared in constant time over their SHA-256 digests. */
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b))

/** Whether the Authorization header carries these Basic credentials. */
export function hasAdminCredentials(header: string | null, username: string, password: string): boolean {
  const m = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)$/)
  if (!m) return false
  const decoded = Buffer.from(m[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  // Both halves are always compared, so the answer takes as long for a wrong user as for a wrong password.
  return colon >= 0 && [same(decoded.slice(0, colon), username), same(decoded.slice(colon + 1), password)].every(Boolean)
}

/** An Elysia instance whose beforeHandle admits only the admin; .use() the admin routes on it. */
export function adminGuard(deps: Deps) {
  const failures = new Map<string, number[]>()
  const lockedUntil = new Map<string, number>()
  return new Elysia().onBeforeHandle(({ request, server }) => {
    const address = server?.requestIP(request)?.address ?? 'unknown'
    const now = deps.clock.now().getTime()
    if ((lockedUntil.get(address) ?? 0) > now) throw new HttpError(429, 'Too many failed admin logins. Try again in 10 minutes.')
    if (hasAdminCredentials(request.headers.get('authorization'), deps.config.adminUsername, deps.config.adminPassword ?? '')) return
    const recent = (failures.get(address) ?? []).filter((t) => now - t < FAILURE_WINDOW_MS).concat(now)
    failures.set(address, recent)
    if (recent.length >= MAX_FAILURES) {
      lockedUntil.set(address, now + LOCKOUT_MS)
      failures.delete(address)
      throw new HttpError(429, 'Too many failed admin logins. Try again in 10 minutes.')
    }
    // The /adm app marks its calls with X-Requested-With: a challenge would make the browser open its own login prompt.
    const challenge = request.headers.has('x-requested-with') ? undefined : { 'WWW-Authenticate': 'Basic realm="admin"' }
    throw new HttpError(401, 'Admin authentication required', undefined, undefined, challenge)
  })
}
