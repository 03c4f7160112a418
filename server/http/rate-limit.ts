/**
 * Rate limits counted in the database (docs/operations.md > Limits), so every instance of a site counts
 * against the same limit: magic links, DMCA filings, admin login failures, uploads and new sessions. A limit allows
 * `limit` attempts per key in a window of windowMs that starts with the key's first attempt; with blockMs, the
 * attempt that reaches the limit refuses the key for blockMs (a lockout). Checking and counting an attempt is one
 * statement (rate-limits.repository.ts), so parallel requests on any instance cannot pass a limit together. Expired
 * counters are deleted in bounded batches as attempts come in.
 */
import type { Deps } from '../core/deps'
import {
  deleteExpiredRateLimits,
  deleteRateLimit,
  findRateLimit,
  hitRateLimit,
  unhitRateLimit,
} from '../repositories/rate-limits.repository'
import { HttpError } from './errors'
import { logger } from '../core/log'
import { recordRateLimitRefusal } from '../core/metrics'
import { PRUNE_BATCH, pruneSometimes } from './prune'

/** One hour in ms, the window of the hourly limits. */
export const HOUR_MS = 3600_000
/** Options of a rate limiter: limit attempts per windowMs; blockMs: once the limit is reached the key stays refused this long. */
export type RateLimitOptions = { limit: number; windowMs: number; blockMs?: number }

/** A limiter counted in the database: attempts per key within a window (times in ms). */
export type RateLimiter = {
  /** Records an attempt for key and answers true, or answers false (recording nothing) when key is limited. */
  hit(key: string): Promise<boolean>
  /** Takes back an attempt hit() recorded. */
  unhit(key: string): Promise<void>
  /** Whether the next hit of key would be refused. */
  limited(key: string): Promise<boolean>
  /** Attempts of key within its window. */
  count(key: string): Promise<number>
  /** Forgets key (e.g. after a successful login). */
  reset(key: string): Promise<void>
  /** How long until the next hit of key can pass, ms; 0 when it would pass now. */
  retryAfterMs(key: string): Promise<number>
}

/** Counts and logs one refusal by the limit named name (never its key: an address, an email). */
function refused(name: string): void {
  recordRateLimitRefusal(name)
  logger.info({ limit: name }, 'rate limit refused')
}

/** A limiter named `name` (unique per limit: the counters of every instance meet under it, and its refusals are counted under it) on deps.db and deps.clock. */
export function createRateLimiter(
  deps: Pick<Deps, 'db' | 'clock'>,
  name: string,
  { limit, windowMs, blockMs = 0 }: RateLimitOptions,
): RateLimiter {
  const { db, clock } = deps
  const iso = (ms: number) => new Date(ms).toISOString()
  const live = (key: string) => findRateLimit(db, name, key, clock.now().toISOString())
  return {
    async hit(key) {
      const now = clock.now().getTime()
      await pruneSometimes(db, 'rate_limits', now, () => deleteExpiredRateLimits(db, iso(now), PRUNE_BATCH))
      const count = await hitRateLimit(db, {
        name,
        key,
        limit,
        now: iso(now),
        windowEnd: iso(now + windowMs),
        lockedUntil: blockMs > 0 ? iso(now + blockMs) : undefined,
      })
      if (count === undefined) refused(name)
      return count !== undefined
    },
    unhit: (key) => unhitRateLimit(db, name, key),
    limited: async (key) => ((await live(key))?.count ?? 0) >= limit,
    count: async (key) => (await live(key))?.count ?? 0,
    reset: (key) => deleteRateLimit(db, name, key),
    async retryAfterMs(key) {
      const row = await live(key)
      return row && row.count >= limit ? Date.parse(row.expiresAt) - clock.now().getTime() : 0
    },
  }
}

/**
 * Counts one attempt against every [limiter, key] pair, or none of them: when any key is limited, takes back the
 * attempts already counted and throws HttpError 429 with message and a Retry-After header (whole seconds until every
 * limited key passes again).
 */
export async function hitAllOrThrow(message: string, ...checks: [RateLimiter, string][]): Promise<void> {
  for (const [i, [limiter, key]] of checks.entries()) {
    if (await limiter.hit(key)) continue
    await Promise.all(checks.slice(0, i).map(([counted, countedKey]) => counted.unhit(countedKey)))
    const waitMs = Math.max(1, ...(await Promise.all(checks.map(([l, k]) => l.retryAfterMs(k)))))
    throw new HttpError(429, message, undefined, undefined, { 'Retry-After': String(Math.ceil(waitMs / 1000)) })
  }
}
