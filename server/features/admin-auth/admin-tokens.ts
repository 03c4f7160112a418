/**
 * Admin tokens (issue #10 Serving): 32 random bytes (base64url) handed out by POST /api/admin/login and kept only as
 * their SHA-256 in a bounded in-memory map until they expire (ADMIN_TOKEN_TTL_MS) or are revoked by Logout.
 * A restart forgets them: the back office then shows its session-expired text and the admin logs in again.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Clock } from '../../core/clock'
import { createExpiringMap } from '../../http/rate-limit'
import { ADMIN_TOKEN_TTL_MS } from '../../contract/admin/auth'

/** Most live admin tokens kept; the oldest are forgotten beyond it. */
export const MAX_ADMIN_TOKENS = 1000

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

/** The token store of one app: issue() -> {token, expiresAt (ms)}, isValid(token), revoke(token). */
export function createAdminTokenStore(clock: Clock) {
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
