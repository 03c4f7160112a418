/**
 * Drizzle queries of bucket management and the bucket import (admin-back-office §2 Bucket): media rows by storage
 * key and the import's system user. Missing rows come back undefined.
 */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/open'
import { media, users } from '../../db/schema'

/** The variants (JSON text, or null) of the media row stored under key. */
export const findMediaVariantsByKey = (db: Db, key: string) => db.select({ variants: media.variants }).from(media).where(eq(media.storageKey, key)).get()

/** Deletes the media row stored under key, if any; its votes and views go with it (ON DELETE CASCADE). */
export const deleteMediaByKey = (db: Db, key: string) => db.delete(media).where(eq(media.storageKey, key)).run()

/** Storage key and content SHA-256 (hex) of every media row. */
export const listMediaHashes = (db: Db) => db.select({ key: media.storageKey, sha: media.sha256 }).from(media).all()

/** True when some media row stores this key. */
export const isKeyImported = (db: Db, key: string) => db.all<{ n: number }>(sql`select count(*) as n from media where storage_key = ${key}`)[0].n > 0

/** Inserts a user that has no visitor session (the import owner) and returns its id. */
export const insertSystemUser = (db: Db, values: { sessionId: string; username: string; createdAt: string }) => db.insert(users).values(values).returning({ id: users.id }).get().id
