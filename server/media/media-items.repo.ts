/**
 * Drizzle queries on single media rows that several features need (upload, bucket import, votes, admin data,
 * reprocessing, deletion by the owner or an admin): by id, by content hash, insert, delete. Missing rows come back undefined.
 */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/open'
import { perDb } from '../db/prepared'
import { media } from '../db/schema'

/** One media row as stored. */
export type MediaRow = typeof media.$inferSelect

const mediaById = perDb((db) => db.select().from(media).where(eq(media.id, sql.placeholder('id'))).prepare())
/** The media item with this id, or undefined. */
export const findMediaById = (db: Db, id: number) => mediaById(db).get({ id })

/** The media item whose content has this SHA-256 (hex). */
export const findMediaBySha256 = (db: Db, sha256: string) => db.select().from(media).where(eq(media.sha256, sha256)).get()

/** Inserts one media row and returns it. */
export const insertMedia = (db: Db, values: typeof media.$inferInsert) => db.insert(media).values(values).returning().get()

/** Deletes the media item with this id; its votes and views go with it (ON DELETE CASCADE). */
export const deleteMediaById = (db: Db, id: number) => db.delete(media).where(eq(media.id, id)).run()
