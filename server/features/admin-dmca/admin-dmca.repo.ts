/** Drizzle queries on takedowns and the visibility of the media they name (admin-back-office §2 DMCA). Missing rows come back undefined. */
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/open'
import { dmcaTakedowns, media } from '../../db/schema'

/** Every takedown row, newest first. */
export const listTakedownRows = (db: Db) => db.select().from(dmcaTakedowns).orderBy(desc(dmcaTakedowns.id)).all()

/** The takedown with this id. */
export const findTakedown = (db: Db, id: number) => db.select().from(dmcaTakedowns).where(eq(dmcaTakedowns.id, id)).get()

/** Sets a takedown's status, notes and updatedAt (ISO-8601). */
export const updateTakedownStatus = (db: Db, id: number, values: Pick<typeof dmcaTakedowns.$inferInsert, 'status' | 'adminNotes' | 'updatedAt'>) =>
  db.update(dmcaTakedowns).set(values).where(eq(dmcaTakedowns.id, id)).run()

/** Hides a media item from rating since hiddenAt (ISO-8601), or shows it again with null. */
export const setMediaHiddenAt = (db: Db, mediaId: number, hiddenAt: string | null) => db.update(media).set({ hiddenAt }).where(eq(media.id, mediaId)).run()
