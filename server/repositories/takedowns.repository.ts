/** Queries on DMCA takedowns and the visibility of the media they name (server-contract: POST /api/dmca-takedown; admin-back-office §2 DMCA). Missing rows come back undefined. */
import { and, count, desc, eq, exists, sql } from 'drizzle-orm'
import type { Db } from '../db/open'
import { inTransaction } from '../db/open'
import { dmcaTakedowns, media } from '../db/schema'
import { writeAuditRows, type AuditRow } from './audit.repository'

/** One takedown row as stored. */
export type TakedownRow = typeof dmcaTakedowns.$inferSelect

/** Inserts one takedown row and returns it. */
export const insertTakedown = async (db: Db, values: typeof dmcaTakedowns.$inferInsert) => db.insert(dmcaTakedowns).values(values).returning().get()

/** A page of takedown rows, newest first: limit rows from offset. */
export const listTakedownRows = async (db: Db, limit: number, offset: number) => db.select().from(dmcaTakedowns).orderBy(desc(dmcaTakedowns.id)).limit(limit).offset(offset).all()

/** Number of takedown rows. */
export const countTakedowns = async (db: Db) => db.select({ n: count() }).from(dmcaTakedowns).get()!.n

/**
 * Makes a media item's visibility follow its takedowns: hidden exactly while at least one resolved takedown names it.
 * An item that stays hidden keeps its hiddenAt; one that becomes hidden gets now (ISO-8601); one that no resolved
 * takedown names any more is shown (null).
 */
const refreshMediaHidden = (db: Db, mediaId: number, now: string) =>
  db
    .update(media)
    .set({
      hiddenAt: sql`case when ${exists(
        db
          .select({ one: sql`1` })
          .from(dmcaTakedowns)
          .where(and(eq(dmcaTakedowns.mediaId, mediaId), eq(dmcaTakedowns.status, 'resolved'))),
      )} then coalesce(${media.hiddenAt}, ${now}) end`,
    })
    .where(eq(media.id, mediaId))
    .run()

/**
 * In one transaction: reads takedown id, lets check(row) refuse the change by throwing (nothing is written then),
 * sets its status, notes and updatedAt, makes the named media's visibility follow its takedowns, and appends
 * audit(row). Answers the row as it was before, or undefined for an unknown id (nothing written).
 */
export async function changeTakedownStatus(
  db: Db,
  id: number,
  change: { values: Pick<typeof dmcaTakedowns.$inferInsert, 'status' | 'adminNotes' | 'updatedAt'>; check: (row: TakedownRow) => void; audit: (row: TakedownRow) => AuditRow },
): Promise<TakedownRow | undefined> {
  return inTransaction(db, () => {
    const row = db.select().from(dmcaTakedowns).where(eq(dmcaTakedowns.id, id)).get()
    if (!row) return undefined
    change.check(row)
    db.update(dmcaTakedowns).set(change.values).where(eq(dmcaTakedowns.id, id)).run()
    if (row.mediaId !== null) refreshMediaHidden(db, row.mediaId, change.values.updatedAt)
    writeAuditRows(db, [change.audit(row)])
    return row
  })
}
