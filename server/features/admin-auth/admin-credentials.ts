/**
 * Checking admin credentials (server-contract: Admin API; issue #10 Limits; OWASP authentication cheat sheet). Username
 * and password are compared in constant time. Per client address: 10 attempts that failed within 10 minutes or are
 * still waiting refuse that address (429) for 10 minutes. Per guesser (a client address and the username it tries):
 * attempts are checked one at a time, and failures within 15 minutes slow the guesser's later attempts (1 s after the
 * third, doubling, at most 10 s). No username is ever locked or slowed for everyone, so nobody can lock the real admin
 * out or slow their login by failing from other addresses.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { Deps } from '../../core/deps'
import { HttpError } from '../../http/errors'
import { createRateLimiter } from '../../http/rate-limit'

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
export const slowdownMs = (failures: number) => (failures < FREE_FAILURES ? 0 : Math.min(MAX_DELAY_MS, 1000 * 2 ** (failures - FREE_FAILURES)))

/** The credential checker of one app; its limits live as long as the app. */
export function createAdminCredentialCheck(deps: Deps) {
  const failuresPerAddress = createRateLimiter(deps.clock, { name: 'admin_logins_per_address', limit: MAX_FAILURES, windowMs: FAILURE_WINDOW_MS, blockMs: LOCKOUT_MS })
  const failuresPerGuesser = createRateLimiter(deps.clock, { name: 'admin_logins_per_guesser', limit: 64, windowMs: GUESSER_WINDOW_MS })
  /** Attempts of each address that have started and wait for their turn; they count against the address's limit. */
  const waiting = new Map<string, number>()
  /** The last attempt in line of each guesser; dropped once it is settled and no later one joined. */
  const lines = new Map<string, Promise<unknown>>()

  const isLocked = (address: string) => failuresPerAddress.limited(address) || failuresPerAddress.count(address) + (waiting.get(address) ?? 0) >= MAX_FAILURES
  /** The 429 of a locked-out address, counted as a refusal of the per-address limit. */
  const lockedOut = () => (failuresPerAddress.refused(), new HttpError(429, LOCKED_OUT))
  const enter = (address: string) => waiting.set(address, (waiting.get(address) ?? 0) + 1)
  const leave = (address: string) => {
    const left = (waiting.get(address) ?? 1) - 1
    if (left > 0) waiting.set(address, left)
    else waiting.delete(address)
  }

  /** Compares creds and records the outcome in one synchronous step, so no other attempt is checked in between. */
  function check(creds: Credentials, address: string, guesser: string): boolean {
    // Both halves are always compared, so the answer takes as long for a wrong user as for a wrong password.
    const ok = [same(creds.username, deps.config.adminUsername), same(creds.password, deps.config.adminPassword ?? '')].every(Boolean)
    if (ok) return failuresPerGuesser.reset(guesser), true
    failuresPerGuesser.hit(guesser)
    failuresPerAddress.hit(address)
    if (failuresPerAddress.limited(address)) throw lockedOut()
    return false
  }

  /** Checks creds after the guesser's earlier attempts and its own slowdown; until then the attempt counts against address. */
  async function checkInLine(creds: Credentials, address: string, guesser: string): Promise<boolean> {
    enter(address)
    const turn = (lines.get(guesser) ?? Promise.resolve()).then(async () => {
      try {
        const delay = slowdownMs(failuresPerGuesser.count(guesser))
        if (delay > 0) await deps.clock.sleep(delay)
      } finally {
        leave(address)
      }
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
    /** Whether address is refused for now (429): its failures and its waiting attempts reach MAX_FAILURES, or it is locked out. */
    isLocked,
    /**
     * Answers whether creds are the admin's. An attempt counts against its client address from the moment it starts,
     * so parallel guesses cannot outrun the limit. Attempts of one guesser (client address and username) are checked
     * one at a time, each after the slowdown its own earlier failures earned; a guesser with no recent failures and
     * nothing in line is checked at once, so the real admin is never slowed by someone else's wrong guesses.
     * Throws HttpError 429 while (or once) the address is refused.
     */
    async verify(creds: Credentials, address: string): Promise<boolean> {
      if (isLocked(address)) throw lockedOut()
      // The username is hashed into the key, so a long one costs no more memory than a short one.
      const guesser = `${address} ${digest(creds.username).toString('base64url')}`
      if (!lines.has(guesser) && slowdownMs(failuresPerGuesser.count(guesser)) === 0) return check(creds, address, guesser)
      return checkInLine(creds, address, guesser)
    },
  }
}
