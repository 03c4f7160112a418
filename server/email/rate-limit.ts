/**
 * A sliding-window limiter kept in memory (server-contract: 5 links per email and 20 per client address per hour).
 * It counts attempts, not links sent, so an unknown email is limited exactly like a known one (no enumeration).
 */
import type { Clock } from '../clock'

/** A limiter: hit(key) records an attempt and answers false once key has had `limit` attempts within windowMs. */
export function createRateLimiter(clock: Clock, limit: number, windowMs: number) {
  const attempts = new Map<string, number[]>()
  return {
    hit(key: string): boolean {
      const now = clock.now().getTime()
      const recent = (attempts.get(key) ?? []).filter((t) => now - t < windowMs)
      if (recent.length >= limit) return attempts.set(key, recent), false
      recent.push(now)
      attempts.set(key, recent)
      return true
    },
  }
}
