/**
 * Bounded in-memory state for abuse limits (issue #10 Limits): an expiring map that never holds more than
 * maxEntries keys (the oldest go first, expired ones are swept), and the sliding-window rate limiter built on it.
 * Every limiter of the server (magic links, DMCA filings, admin logins, uploads, new sessions) and the admin token
 * store use this module, so a flood of distinct keys (addresses, emails, usernames) costs bounded memory. State
 * resets on restart.
 */
import type { Clock } from '../core/clock'
import { HttpError } from './errors'
import { logger } from '../core/log'
import { recordRateLimitRefusal } from '../core/metrics'

/** One hour in ms, the window of the hourly limits. */
export const HOUR_MS = 3600_000

/** Default cap on the keys of one map: 10,000 keys of a few hundred bytes each stay under a few MB. */
export const DEFAULT_MAX_ENTRIES = 10_000

/** A Map whose entries expire at an absolute time (ms since epoch) and whose size never exceeds maxEntries. */
export type ExpiringMap<V> = {
  /** The live value of key, or undefined when missing or expired. */
  get(key: string): V | undefined
  /** Stores value until expiresAt (ms); when full, evicts expired entries, then the oldest tenth, to stay within maxEntries. */
  set(key: string, value: V, expiresAt: number): void
  delete(key: string): void
  /** How many entries are held (expired ones not yet swept included). */
  readonly size: number
}

/** An ExpiringMap on clock, holding at most maxEntries keys (the least recently set are evicted first). */
export function createExpiringMap<V>(clock: Clock, maxEntries = DEFAULT_MAX_ENTRIES): ExpiringMap<V> {
  const entries = new Map<string, { value: V; expiresAt: number }>()
  const sweep = (now: number) => {
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key)
  }
  return {
    get(key) {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (entry.expiresAt > clock.now().getTime()) return entry.value
      entries.delete(key)
      return undefined
    },
    set(key, value, expiresAt) {
      entries.delete(key) // re-inserting moves the key to the young end of the Map's insertion order
      if (entries.size >= maxEntries) {
        sweep(clock.now().getTime())
        // Still nearly full: drop the oldest tenth at once (a Map iterates in insertion order), so a flood of new
        // keys pays for one sweep per maxEntries/10 insertions rather than one per insertion.
        for (const oldest of entries.keys()) {
          if (entries.size < maxEntries * 0.9) break
          entries.delete(oldest)
        }
      }
      entries.set(key, { value, expiresAt })
    },
    delete: (key) => void entries.delete(key),
    get size() {
      return entries.size
    },
  }
}

/**
 * Options of a rate limiter: name (a fixed snake_case name, the metric label and log field of its refusals), limit
 * attempts per windowMs; blockMs: once the limit is reached the key stays refused this long.
 */
export type RateLimitOptions = { name: string; limit: number; windowMs: number; blockMs?: number; maxEntries?: number }

/** A sliding-window limiter over an ExpiringMap: attempts per key within windowMs (times in ms). */
export type RateLimiter = {
  /** Records an attempt for key and answers true, or answers false (recording nothing) when key is limited. */
  hit(key: string): boolean
  /** Whether the next hit of key would be refused. */
  limited(key: string): boolean
  /** Attempts of key within the window. */
  count(key: string): number
  /** Counts and logs one refusal by this limiter (its name, never the key). */
  refused(): void
  /** Forgets key (e.g. after a successful login). */
  reset(key: string): void
  /** How long until the next hit of key can pass, ms; 0 when it would pass now. */
  retryAfterMs(key: string): number
}

type Attempts = { times: number[]; blockedUntil: number }

/**
 * A limiter on clock: at most `limit` attempts per key within windowMs; with blockMs, reaching the limit refuses
 * the key for blockMs from that attempt. Keys are bounded by maxEntries (default DEFAULT_MAX_ENTRIES), and each key
 * holds at most `limit` times, since refused attempts are not recorded.
 */
export function createRateLimiter(clock: Clock, { name, limit, windowMs, blockMs = 0, maxEntries }: RateLimitOptions): RateLimiter {
  const keys = createExpiringMap<Attempts>(clock, maxEntries)
  const recent = (key: string, now: number): Attempts => {
    const entry = keys.get(key) ?? { times: [], blockedUntil: 0 }
    return { times: entry.times.filter((t) => now - t < windowMs), blockedUntil: entry.blockedUntil }
  }
  const isLimited = (a: Attempts, now: number) => a.blockedUntil > now || a.times.length >= limit
  const refused = () => {
    recordRateLimitRefusal(name)
    logger.info({ limit: name }, 'rate limit refused')
  }
  return {
    refused,
    hit(key) {
      const now = clock.now().getTime()
      const attempts = recent(key, now)
      if (isLimited(attempts, now)) return refused(), false
      attempts.times.push(now)
      if (blockMs > 0 && attempts.times.length >= limit) attempts.blockedUntil = now + blockMs
      keys.set(key, attempts, Math.max(attempts.blockedUntil, now + windowMs))
      return true
    },
    limited(key) {
      const now = clock.now().getTime()
      return isLimited(recent(key, now), now)
    },
    count: (key) => recent(key, clock.now().getTime()).times.length,
    reset: (key) => keys.delete(key),
    retryAfterMs(key) {
      const now = clock.now().getTime()
      const attempts = recent(key, now)
      if (!isLimited(attempts, now)) return 0
      // The oldest attempt that keeps the window full leaves it windowMs after it was made.
      const windowFreed = attempts.times.length >= limit ? attempts.times[attempts.times.length - limit] + windowMs : now
      return Math.max(attempts.blockedUntil, windowFreed) - now
    },
  }
}

/**
 * Counts one attempt against every [limiter, key] pair, or none of them: when any key is limited, throws
 * HttpError 429 with message and a Retry-After header (whole seconds until every limited key passes again).
 * Checking and counting happen in one synchronous step, so parallel requests cannot all pass a check before
 * any of them is counted.
 */
export function hitAllOrThrow(message: string, ...checks: [RateLimiter, string][]): void {
  const waits = checks.map(([limiter, key]) => limiter.retryAfterMs(key))
  checks.forEach(([limiter], i) => waits[i] > 0 && limiter.refused())
  const waitMs = Math.max(0, ...waits)
  if (waitMs > 0) throw new HttpError(429, message, undefined, undefined, { 'Retry-After': String(Math.ceil(waitMs / 1000)) })
  for (const [limiter, key] of checks) limiter.hit(key)
}
