/**
 * Queries on the claims of Idempotency-Keys whose first request is still running (server-contract: POST
 * /api/media/upload): the request that claims a key runs, requests on any instance that find it claimed wait for its
 * stored answer. Times are ISO-8601 UTC strings.
 */
import { eq, inArray, lte } from 'drizzle-orm'
import { shared, type Database } from '../db/database'

/**
 * Claims key until expiresAt in one statement: a new claim, or one that expired at or before now (its instance
 * stopped), is taken. Answers whether this call holds the claim.
 */
export async function claimIdempotencyKey(db: Database, key: string, now: string, expiresAt: string): Promise<boolean> {
  const {
    orm,
    t: { idempotencyClaims },
  } = shared(db)
  const rows = await orm
    .insert(idempotencyClaims)
    .values({ key, expiresAt })
    .onConflictDoUpdate({ target: idempotencyClaims.key, set: { expiresAt }, setWhere: lte(idempotencyClaims.expiresAt, now) })
    .returning({ key: idempotencyClaims.key })
  return rows.length > 0
}

/** Ends the claim of key (its answer is stored, or it failed and a repeat may run again). */
export async function releaseIdempotencyClaim(db: Database, key: string): Promise<void> {
  const {
    orm,
    t: { idempotencyClaims },
  } = shared(db)
  await orm.delete(idempotencyClaims).where(eq(idempotencyClaims.key, key))
}

/** Deletes up to batch claims that expired at or before now (left by stopped instances); answers how many went. */
export async function deleteExpiredIdempotencyClaims(db: Database, now: string, batch: number): Promise<number> {
  const {
    orm,
    t: { idempotencyClaims },
  } = shared(db)
  const expired = orm
    .select({ key: idempotencyClaims.key })
    .from(idempotencyClaims)
    .where(lte(idempotencyClaims.expiresAt, now))
    .limit(batch)
  return (await orm.delete(idempotencyClaims).where(inArray(idempotencyClaims.key, expired)).returning({ key: idempotencyClaims.key }))
    .length
}
