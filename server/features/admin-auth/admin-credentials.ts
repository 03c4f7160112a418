/**
 * Checking admin credentials (server-contract: Admin API; issue #10 Limits). Username and password are compared in
 * constant time. Per client address: 10 failures within 10 minutes refuse that address (429) for 10 minutes.
 * Per username: failures within 15 minutes slow every later attempt for that name (1 s after the third, doubling,
 * at most 10 s) instead of locking it, so nobody can lock the real admin out by failing from many addresses.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { Deps } from '../../core/deps'
import { HttpError } from '../../http/errors'
import { createRateLimiter } from '../../http/rate-limit'

export const MAX_FAILURES = 10
export const FAILURE_WINDOW_MS = 10 * 60 * 1000
export const LOCKOUT_MS = 10 * 60 * 1000
/** How long failures of one username count towards its slowdown, ms. */
export const USERNAME_WINDOW_MS = 15 * 60 * 1000
/** Failures of one username answered without delay. */
export const FREE_FAILURES = 3
/** Longest delay before an attempt is checked, ms. */
export const MAX_DELAY_MS = 10_000
export const LOCKED_OUT = 'Too many failed admin logins. Try again in 10 minutes.'

/** Username and password of a login attempt. */
export type Credentials = { username: string; password: string }

const digest = (s: string) => createHash('sha256').update(s).digest()
/** Equal strings, compared in constant time over their SHA-256 digests. */
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b))

/** The Basic credentials of an Authorization header, or undefined when it carries none. */
export function basicCredentials(header: string | null): Credentials | undefined {
  const m = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)$/)
  if (!m) return undefined
  const decoded = Buffer.from(m[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  return colon < 0 ? undefined : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
}

/** The delay before checking an attempt for a username with `failures` recent failures, ms: 0, then 1 s doubling, capped. */
export const slowdownMs = (failures: number) => (failures < FREE_FAILURES ? 0 : Math.min(MAX_DELAY_MS, 1000 * 2 ** (failures - FREE_FAILURES)))

/** The credential checker of one app; its limits live as long as the app. */
export function createAdminCredentialCheck(deps: Deps) {
  const perAddress = createRateLimiter(deps.clock, { limit: MAX_FAILURES, windowMs: FAILURE_WINDOW_MS, blockMs: LOCKOUT_MS })
  const perUsername = createRateLimiter(deps.clock, { limit: 64, windowMs: USERNAME_WINDOW_MS })
  return {
    /** Whether address is refused for now (429). */
    isLocked: (address: string) => perAddress.limited(address),
    /**
     * Waits the username's slowdown (deps.clock.sleep), then answers whether creds are the admin's. A failure counts
     * against the address and the username; throws HttpError 429 while (or once) the address is refused.
     */
    async verify(creds: Credentials, address: string): Promise<boolean> {
      if (perAddress.limited(address)) throw new HttpError(429, LOCKED_OUT)
      const delay = slowdownMs(perUsername.count(creds.username))
      if (delay > 0) await deps.clock.sleep(delay)
      // Both halves are always compared, so the answer takes as long for a wrong user as for a wrong password.
      const ok = [same(creds.username, deps.config.adminUsername), same(creds.password, deps.config.adminPassword ?? '')].every(Boolean)
      if (ok) return perUsername.reset(creds.username), true
      perUsername.hit(creds.username)
      perAddress.hit(address)
      if (perAddress.limited(address)) throw new HttpError(429, LOCKED_OUT)
      return false
    },
  }
}
