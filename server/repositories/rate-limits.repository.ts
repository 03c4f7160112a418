/**
 * Queries on the rate-limit counters every instance shares (docs/operations.md > Limits). A counter is
 * one row per (limit name, key) whose window ends at expiresAt; an expired row counts as zero. Times are ISO-8601 UTC
 * strings, compared as text. Each query is one statement, so checking and counting an attempt is atomic across
 * requests and instances.
 */
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import { shared, type Database } from '../db/database'

/** One attempt to count: `limit` attempts of key per window; now, windowEnd and lockedUntil are ISO-8601. */
export type RateLimitHit = {
  name: string
  key: string
  limit: number
  now: string
  /** End of a window that starts with this attempt. */
  windowEnd: string
  /** When set: the attempt that reaches the limit refuses the key until then (a lockout). */
  lockedUntil?: string
}

/**
 * Counts one attempt in one conditional upsert: a new or expired counter starts at 1, a live one below the limit goes
 * up by one, a full one is left alone. Answers the count after this attempt, or undefined when the key was at its
 * limit (nothing counted).
 */
export async function hitRateLimit(db: Database, hit: RateLimitHit): Promise<number | undefined> {
  const {
    orm,
    t: { rateLimits },
  } = shared(db)
  const expired = sql`${rateLimits.expiresAt} <= ${hit.now}`
  const locksNow = (count: number) => hit.lockedUntil !== undefined && count >= hit.limit
  const firstEnd = locksNow(1) && hit.lockedUntil! > hit.windowEnd ? hit.lockedUntil! : hit.windowEnd
  const liveEnd =
    hit.lockedUntil === undefined
      ? rateLimits.expiresAt
      : sql`case when ${rateLimits.count} + 1 >= ${hit.limit} then ${hit.lockedUntil} else ${rateLimits.expiresAt} end`
  const rows = await orm
    .insert(rateLimits)
    .values({ name: hit.name, key: hit.key, count: 1, expiresAt: firstEnd })
    .onConflictDoUpdate({
      target: [rateLimits.name, rateLimits.key],
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        expiresAt: sql`case when ${expired} then ${firstEnd} else ${liveEnd} end`,
      },
      setWhere: sql`${expired} or ${rateLimits.count} < ${hit.limit}`,
    })
    .returning({ count: rateLimits.count })
  return rows[0]?.count
}

/** Takes back one attempt counted by hitRateLimit (another limit of the same request refused it). */
export async function unhitRateLimit(db: Database, name: string, key: string): Promise<void> {
  const {
    orm,
    t: { rateLimits },
  } = shared(db)
  await orm
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.name, name), eq(rateLimits.key, key), gt(rateLimits.count, 0)))
}

/** The live counter of key under name at now (ISO-8601): its count and when it ends, or undefined. */
export async function findRateLimit(
  db: Database,
  name: string,
  key: string,
  now: string,
): Promise<{ count: number; expiresAt: string } | undefined> {
  const {
    orm,
    t: { rateLimits },
  } = shared(db)
  const rows = await orm
    .select({ count: rateLimits.count, expiresAt: rateLimits.expiresAt })
    .from(rateLimits)
    .where(and(eq(rateLimits.name, name), eq(rateLimits.key, key), gt(rateLimits.expiresAt, now)))
  return rows[0]
}

/** Forgets the counter of key under name. */
export async function deleteRateLimit(db: Database, name: string, key: string): Promise<void> {
  const {
    orm,
    t: { rateLimits },
  } = shared(db)
  await orm.delete(rateLimits).where(and(eq(rateLimits.name, name), eq(rateLimits.key, key)))
}

/** Deletes up to batch counters that ended at or before now (ISO-8601); answers how many went. */
export async function deleteExpiredRateLimits(db: Database, now: string, batch: number): Promise<number> {
  const {
    orm,
    t: { rateLimits },
  } = shared(db)
  const expired = orm
    .select({ name: rateLimits.name, key: rateLimits.key })
    .from(rateLimits)
    .where(lte(rateLimits.expiresAt, now))
    .limit(batch)
  const gone = await orm
    .delete(rateLimits)
    .where(inArray(sql`(${rateLimits.name}, ${rateLimits.key})`, expired))
    .returning({ name: rateLimits.name })
  return gone.length
}
