/** Drizzle queries on takedowns and the visibility of the media they name (admin-back-office §2 DMCA). Missing rows come back undefined. */
import { count, desc, eq } from 'drizzle-orm'
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

/** Hides a media item from rating since hiddenAt (ISO-8601), or shows it again with null. */
export const setMediaHiddenAt = (db: Db, mediaId: number, hiddenAt: string | null) => db.update(media).set({ hiddenAt }).where(eq(media.id, mediaId)).run()
