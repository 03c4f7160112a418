/**
 * Drizzle queries of bucket management and the bucket import (admin-back-office §2 Bucket): media rows by storage
 * key and the import's system user. Missing rows come back undefined.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/open'
import { media, users } from '../../db/schema'

/** The variants (JSON text, or null) of the media row stored under key. */
export const findMediaVariantsByKey = (db: Db, key: string) => db.select({ variants: media.variants }).from(media).where(eq(media.storageKey, key)).get()

/** Deletes the media row stored under key, if any; its votes and views go with it (ON DELETE CASCADE). */
export const deleteMediaByKey = (db: Db, key: string) => db.delete(media).where(eq(media.storageKey, key)).run()

/** Storage key and stored object's SHA-256 (hex; null until known) of every media row. */
export const listStoredHashes = (db: Db) => db.select({ key: media.storageKey, storedSha256: media.storedSha256 }).from(media).all()

/** Id and storage key of every media row whose stored object has no SHA-256 recorded yet. */
export const listRowsWithoutStoredHash = (db: Db) => db.select({ id: media.id, key: media.storageKey }).from(media).where(isNull(media.storedSha256)).all()

/** Records the SHA-256 (hex) of item id's stored object, unless one was recorded meanwhile (the pipeline's is newer). */
export const saveStoredHash = (db: Db, id: number, storedSha256: string) =>
  db.update(media).set({ storedSha256 }).where(and(eq(media.id, id), isNull(media.storedSha256))).run()

/** True when some item has this content: its stored object (stored_sha256) or the bytes it came in as (sha256). */
export const isContentKnown = (db: Db, sha256: string) =>
  db.select({ id: media.id }).from(media).where(or(eq(media.storedSha256, sha256), eq(media.sha256, sha256))).limit(1).get() !== undefined

/** True when some media row stores this key. */
export const isKeyImported = (db: Db, key: string) => db.all<{ n: number }>(sql`select count(*) as n from media where storage_key = ${key}`)[0].n > 0

/** Inserts a user that has no visitor session (the import owner) and returns its id. */
export const insertSystemUser = (db: Db, values: { sessionId: string; username: string; createdAt: string }) => db.insert(users).values(values).returning({ id: users.id }).get().id
