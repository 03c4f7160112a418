/**
 * Queries on the bytes of uploads in progress (docs/operations.md > Limits): one row per upload until
 * it ends or its hold expires, counted by every instance with the visitor's stored media against the quota. Times are
 * ISO-8601 UTC strings.
 */
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import { shared, type Database } from '../db/database'

/** Holds bytes for userId's upload id until expiresAt. */
export async function insertUploadHold(
  db: Database,
  hold: { id: string; userId: number; bytes: number; expiresAt: string },
): Promise<void> {
  const {
    orm,
    t: { uploadHolds },
  } = shared(db)
  await orm.insert(uploadHolds).values(hold)
}

/** Bytes userId's uploads in progress hold at now (expired holds not counted). */
export async function sumUploadHolds(db: Database, userId: number, now: string): Promise<number> {
  const {
    orm,
    t: { uploadHolds },
  } = shared(db)
  const rows = await orm
    .select({ bytes: sql<number>`coalesce(sum(${uploadHolds.bytes}), 0)`.mapWith(Number) })
    .from(uploadHolds)
    .where(and(eq(uploadHolds.userId, userId), gt(uploadHolds.expiresAt, now)))
  return rows[0].bytes
}

/** Ends the hold of upload id. */
export async function deleteUploadHold(db: Database, id: string): Promise<void> {
  const {
    orm,
    t: { uploadHolds },
  } = shared(db)
  await orm.delete(uploadHolds).where(eq(uploadHolds.id, id))
}

/** Deletes up to batch holds that expired at or before now; answers how many went. */
export async function deleteExpiredUploadHolds(db: Database, now: string, batch: number): Promise<number> {
  const {
    orm,
    t: { uploadHolds },
  } = shared(db)
  const expired = orm.select({ id: uploadHolds.id }).from(uploadHolds).where(lte(uploadHolds.expiresAt, now)).limit(batch)
  return (await orm.delete(uploadHolds).where(inArray(uploadHolds.id, expired)).returning({ id: uploadHolds.id })).length
}
