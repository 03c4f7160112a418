/**
 * Checking admin credentials (server-contract: Admin API; OWASP authentication cheat sheet). Username
 * and password are compared in constant time. Per client address: 10 attempts that failed within 10 minutes or are
 * still waiting refuse that address (429) for 10 minutes. Per guesser (a client address and the username it tries):
 * attempts are checked one at a time, and failures within 15 minutes slow the guesser's later attempts (1 s after the
 * third, doubling, at most 10 s). No username is ever locked or slowed for everyone, so nobody can lock the real admin
 * out or slow their login by failing from other addresses.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Deps } from '../../core/deps'
import { HttpError } from '../../http/errors'
import { createRateLimiter } from '../../http/rate-limit'
import { adminPasswordDigest } from '../../core/admin-password'

export const MAX_FAILURES = 10
export const FAILURE_WINDOW_MS = 10 * 60 * 1000
export const LOCKOUT_MS = 10 * 60 * 1000
/** How long failures of one guesser (client address and username) count towards its slowdown, ms. */
export const GUESSER_WINDOW_MS = 15 * 60 * 1000
/** Failures of one guesser answered without delay. */
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

/** The delay before checking an attempt of a guesser with `failures` recent failures, ms: 0, then 1 s doubling, capped. */
export const slowdownMs = (failures: number) =>
  failures < FREE_FAILURES ? 0 : Math.min(MAX_DELAY_MS, 1000 * 2 ** (failures - FREE_FAILURES))

/**
 * The credential checker of one app. Failures per address and per guesser are counted in the database, so every
 * instance sees them; the line each guesser's attempts wait in is per instance.
 */
export function createAdminCredentialCheck(deps: Deps) {
  const failuresPerAddress = createRateLimiter(deps, 'admin-failures-address', {
    limit: MAX_FAILURES,
    windowMs: FAILURE_WINDOW_MS,
    blockMs: LOCKOUT_MS,
  })
  const failuresPerGuesser = createRateLimiter(deps, 'admin-failures-guesser', { limit: 64, windowMs: GUESSER_WINDOW_MS })
  /** The last attempt in line of each guesser; dropped once it is settled and no later one joined. */
  const lines = new Map<string, Promise<unknown>>()

  /** Compares creds and records the outcome; the attempt was counted against address when it started. */
  async function check(creds: Credentials, address: string, guesser: string): Promise<boolean> {
    // Without any admin password nothing matches: random bytes stand in for its digest.
    const expected = (await adminPasswordDigest(deps.db, deps.config.adminPassword)) ?? randomBytes(32)
    // Both halves are always compared, so the answer takes as long for a wrong user as for a wrong password.
    const ok = [same(creds.username, deps.config.adminUsername), timingSafeEqual(digest(creds.password), expected)].every(Boolean)
    if (ok) {
      await Promise.all([failuresPerAddress.unhit(address), failuresPerGuesser.reset(guesser)])
      return true
    }
    await failuresPerGuesser.hit(guesser)
    if (await failuresPerAddress.limited(address)) throw new HttpError(429, LOCKED_OUT)
    return false
  }

  /** Checks creds after the guesser's earlier attempts in this instance and its own slowdown. */
  async function checkInLine(creds: Credentials, address: string, guesser: string): Promise<boolean> {
    const turn = (lines.get(guesser) ?? Promise.resolve()).then(async () => {
      const delay = slowdownMs(await failuresPerGuesser.count(guesser))
      if (delay > 0) await deps.clock.sleep(delay)
      return check(creds, address, guesser)
    })
    const settled = turn.then(
      () => {},
      () => {},
    )
    lines.set(guesser, settled)
    try {
      return await turn
    } finally {
      if (lines.get(guesser) === settled) lines.delete(guesser)
    }
  }

  return {
    /** Whether address is refused for now (429): its failures and its attempts under way reach MAX_FAILURES, or it is locked out. */
    isLocked: (address: string) => failuresPerAddress.limited(address),
    /**
     * Answers whether creds are the admin's. An attempt counts against its client address from the moment it starts
     * (taken back when it succeeds), so parallel guesses on any instance cannot outrun the limit. Attempts of one
     * guesser (client address and username) are checked one at a time, each after the slowdown its own earlier
     * failures earned; a guesser with no recent failures and nothing in line is checked at once, so the real admin is
     * never slowed by someone else's wrong guesses. Rejects with HttpError 429 while (or once) the address is refused.
     */
    async verify(creds: Credentials, address: string): Promise<boolean> {
      if (!(await failuresPerAddress.hit(address))) throw new HttpError(429, LOCKED_OUT)
      // The username is hashed into the key, so a long one costs no more room than a short one.
      return checkInLine(creds, address, `${address} ${digest(creds.username).toString('base64url')}`)
    },
  }
}
