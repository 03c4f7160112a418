/** Drizzle queries on takedowns and the visibility of the media they name (admin-back-office §2 DMCA). Missing rows come back undefined. */
import { and, count, desc, eq, exists, sql } from 'drizzle-orm'
import type { Db } from '../../db/open'
import { dmcaTakedowns, media } from '../../db/schema'

/** A page of takedown rows, newest first: limit rows from offset. */
export const listTakedownRows = (db: Db, limit: number, offset: number) => db.select().from(dmcaTakedowns).orderBy(desc(dmcaTakedowns.id)).limit(limit).offset(offset).all()

/** Number of takedown rows. */
export const countTakedowns = (db: Db) => db.select({ n: count() }).from(dmcaTakedowns).get()!.n

/** The takedown with this id. */
export const findTakedown = (db: Db, id: number) => db.select().from(dmcaTakedowns).where(eq(dmcaTakedowns.id, id)).get()

/** Sets a takedown's status, notes and updatedAt (ISO-8601). */
export const updateTakedownStatus = (db: Db, id: number, values: Pick<typeof dmcaTakedowns.$inferInsert, 'status' | 'adminNotes' | 'updatedAt'>) =>
  db.update(dmcaTakedowns).set(values).where(eq(dmcaTakedowns.id, id)).run()

/**
 * Makes a media item's visibility follow its takedowns: hidden exactly while at least one resolved takedown names it.
 * An item that stays hidden keeps its hiddenAt; one that becomes hidden gets now (ISO-8601); one that no resolved
 * takedown names any more is shown (null).
 */
export const refreshMediaHidden = (db: Db, mediaId: number, now: string) =>
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
