/**
 * Queries on media items (public-visitor §3-§5; admin-back-office §2 Media, Bucket): single rows by id, content hash or
 * storage key, the random pick of rating, the figures of lists, the bucket's hashes and the pipeline's backfill.
 * Counts are the item's counters media.total_votes and media.hot_votes, which triggers on votes keep equal to a
 * recount in the same transaction as every vote written or deleted (drizzle/0003_vote_counter_triggers.sql).
 * Missing rows come back undefined.
 */
import { and, asc, count, desc, eq, gt, gte, isNull, lt, notInArray, or, sql } from 'drizzle-orm'
import type { Db } from '../db/open'
import { perDb } from '../db/prepared'
import { media, votes } from '../db/schema'
import { itemStem, ownerStemOf } from '../media/media-keys'

/** One media row as stored. */
export type MediaRow = typeof media.$inferSelect

const mediaById = perDb((db) => db.select().from(media).where(eq(media.id, sql.placeholder('id'))).prepare())
/** The media item with this id. */
export const findMediaById = async (db: Db, id: number) => mediaById(db).get({ id })

/** The media item whose content has this SHA-256 (hex). */
export const findMediaBySha256 = async (db: Db, sha256: string) => db.select().from(media).where(eq(media.sha256, sha256)).get()

/** Inserts one media row and returns it. */
export const insertMedia = async (db: Db, values: typeof media.$inferInsert) => db.insert(media).values(values).returning().get()

/** Deletes the media item with this id; its votes and views go with it (ON DELETE CASCADE). */
export const deleteMediaById = async (db: Db, id: number) => void db.delete(media).where(eq(media.id, id)).run()

/** Number of media rows. */
export const countMedia = async (db: Db) => db.select({ n: count() }).from(media).get()!.n

/**
 * The media item a stored object belongs to (server/media/media-keys.ts): the item stored under key itself, else,
 * for a derived object `<stem>/w640.webp` or `<stem>/poster.webp`, the item `<stem>.<ext>` (an index range lookup
 * on storage_key). Undefined for an object of no item (for example a bucket upload not yet imported).
 */
export async function findMediaOwningKey(db: Db, key: string): Promise<MediaRow | undefined> {
  const exact = db.select().from(media).where(eq(media.storageKey, key)).get()
  const stem = ownerStemOf(key)
  if (exact || stem === undefined) return exact
  // Keys in [stem + '.', stem + '/') are those that start with `stem.`.
  return db.select().from(media).where(and(gte(media.storageKey, `${stem}.`), lt(media.storageKey, `${stem}/`))).limit(10).all().find((row) => itemStem(row.storageKey) === stem)
}

// Two subqueries: SQLite answers a lone min() or max() of the rowid from the b-tree ends, but scans the table for both in one select.
const idRange = perDb((db) => db.$client.prepare<{ min: number | null; max: number | null }, []>('select (select min(id) from media) as min, (select max(id) from media) as max'))
/** Smallest and largest media id, both null when there is no media. */
export const mediaIdRange = async (db: Db) => idRange(db).get()!

/** A media row as rating shows it (toRateMedia): the columns the random pick and the queue read. */
export type RateableRow = Pick<MediaRow, 'id' | 'storageKey' | 'mimeType' | 'size' | 'width' | 'height' | 'placeholder' | 'variants' | 'processedAt' | 'totalVotes' | 'hotVotes'>

// Straight from bun:sqlite: drizzle's row mapping costs more than the query on the hottest read. The id is drawn in
// SQL from ?1 (uniform in [0, 1)) over [min(id), max(id)], so a probe is one statement: the two ends of the rowid
// b-tree, a row lookup and one probe of the unique votes(user_id, media_id) index.
const randomRateable = perDb((db) =>
  db.$client.query<Omit<RateableRow, 'variants'> & { variants: string | null }, [number, number]>(
    `select m.id, m.storage_key as storageKey, m.mime_type as mimeType, m.size, m.width, m.height, m.placeholder, m.variants,
       m.processed_at as processedAt, m.total_votes as totalVotes, m.hot_votes as hotVotes
     from media m
     where m.id = (select min(id) from media) + cast(?1 * ((select max(id) from media) - (select min(id) from media) + 1) as integer)
       and m.hidden_at is null and m.user_id <> ?2
       and not exists (select 1 from votes v where v.user_id = ?2 and v.media_id = m.id)`,
  ),
)
/**
 * The item at a uniformly random id in [min(id), max(id)] (position: a number in [0, 1), e.g. Math.random()) if the
 * user may rate it (visible, not their own, not voted on); undefined when that id is a gap or not rateable.
 */
export async function findRandomRateableMedia(db: Db, position: number, userId: number): Promise<RateableRow | undefined> {
  const row = randomRateable(db).get(position, userId)
  return row ? { ...row, variants: row.variants === null ? null : (JSON.parse(row.variants) as MediaRow['variants']) } : undefined
}

/**
 * Up to `limit` random items the user may rate (visible, not own, not voted, not in excludeIds): the exact
 * but slower query used when rejection sampling keeps missing (a visitor who rated almost everything).
 */
export const findRateableMediaExact = async (db: Db, userId: number, excludeIds: number[], limit: number) =>
  db
    .select()
    .from(media)
    .where(
      and(
        isNull(media.hiddenAt),
        sql`${media.userId} <> ${userId}`,
        excludeIds.length ? notInArray(media.id, excludeIds) : undefined,
        sql`not exists (select 1 from ${votes} where ${votes.userId} = ${userId} and ${votes.mediaId} = ${media.id})`,
      ),
    )
    .orderBy(sql`random()`)
    .limit(limit)
    .all()

/** Total bytes (as sent) of userId's stored media; 0 when they have none (uses media_user_id_idx). */
export const sumMediaBytesOfUser = async (db: Db, userId: number): Promise<number> =>
  db.select({ bytes: sql<number>`coalesce(sum(${media.size}), 0)` }).from(media).where(eq(media.userId, userId)).get()!.bytes

/**
 * Select-list columns with a media row's actual figures, for queries over `media`. Table names are written out:
 * drizzle leaves select-list columns unqualified, and a bare "id" inside a subquery would mean votes.id.
 */
const mediaFigureColumns = {
  totalVotes: sql<number>`media.total_votes`,
  hotVotes: sql<number>`media.hot_votes`,
  totalViews: sql<number>`(select count(*) from views where views.media_id = media.id)`,
}

/** Every upload of userId, newest first, with its vote count, hot count and view count (no query per item). */
export const findOwnMediaWithFigures = async (db: Db, userId: number) =>
  db
    .select({
      id: media.id,
      storageKey: media.storageKey,
      mimeType: media.mimeType,
      originalName: media.originalName,
      size: media.size,
      uploadedAt: media.uploadedAt,
      placeholder: media.placeholder,
      variants: media.variants,
      processedAt: media.processedAt,
      ...mediaFigureColumns,
    })
    .from(media)
    .where(eq(media.userId, userId))
    .orderBy(desc(media.uploadedAt), desc(media.id))
    .all()

/** Media with uploader name and actual vote/view figures, newest first; one page of limit rows from offset. */
export const listMediaWithFigures = async (db: Db, limit: number, offset: number) =>
  db
    .select({
      id: media.id,
      storageKey: media.storageKey,
      mimeType: media.mimeType,
      originalName: media.originalName,
      size: media.size,
      width: media.width,
      height: media.height,
      uploadedAt: media.uploadedAt,
      placeholder: media.placeholder,
      variants: media.variants,
      processedAt: media.processedAt,
      username: sql<string>`(select username from users where users.id = media.user_id)`,
      ...mediaFigureColumns,
    })
    .from(media)
    .orderBy(desc(media.id))
    .limit(limit)
    .offset(offset)
    .all()

/** The variants (JSON text, or null) of the media row stored under key. */
export const findMediaVariantsByKey = async (db: Db, key: string) => db.select({ variants: media.variants }).from(media).where(eq(media.storageKey, key)).get()

/** Deletes the media row stored under key, if any; its votes and views go with it (ON DELETE CASCADE). */
export const deleteMediaByKey = async (db: Db, key: string) => void db.delete(media).where(eq(media.storageKey, key)).run()

/** Storage key and stored object's SHA-256 (hex; null until known) of every media row. */
export const listStoredHashes = async (db: Db) => db.select({ key: media.storageKey, storedSha256: media.storedSha256 }).from(media).all()

/** Id and storage key of every media row whose stored object has no SHA-256 recorded yet. */
export const listRowsWithoutStoredHash = async (db: Db) => db.select({ id: media.id, key: media.storageKey }).from(media).where(isNull(media.storedSha256)).all()

/** Records the SHA-256 (hex) of item id's stored object, unless one was recorded meanwhile (the pipeline's is newer). */
export const saveStoredHash = async (db: Db, id: number, storedSha256: string) =>
  void db.update(media).set({ storedSha256 }).where(and(eq(media.id, id), isNull(media.storedSha256))).run()

/** True when some item has this content: its stored object (stored_sha256) or the bytes it came in as (sha256). */
export const isContentKnown = async (db: Db, sha256: string) =>
  db.select({ id: media.id }).from(media).where(or(eq(media.storedSha256, sha256), eq(media.sha256, sha256))).limit(1).get() !== undefined

/** True when some media row stores this key. */
export const isKeyImported = async (db: Db, key: string) => db.all<{ n: number }>(sql`select count(*) as n from media where storage_key = ${key}`)[0].n > 0

const unprocessed = (since: string | undefined, afterId = 0) => and(isNull(media.processedAt), gt(media.id, afterId), since ? gte(media.uploadedAt, since) : undefined)

/** Number of items the media pipeline has not processed, with id > afterId, uploaded at or after since (ISO) when given. */
export const countUnprocessedMedia = async (db: Db, since: string | undefined, afterId = 0) => db.select({ n: count() }).from(media).where(unprocessed(since, afterId)).get()!.n

/** Up to limit unprocessed items with id > afterId, uploaded at or after since when given, in id order. */
export const findUnprocessedMedia = async (db: Db, since: string | undefined, afterId: number, limit: number) =>
  db.select().from(media).where(unprocessed(since, afterId)).orderBy(asc(media.id)).limit(limit).all()

/** Records the pipeline's outputs on item id. */
export const saveProcessedFields = async (db: Db, id: number, fields: Pick<typeof media.$inferInsert, 'width' | 'height' | 'durationMs' | 'placeholder' | 'variants' | 'processedAt' | 'storedSha256'>) =>
  void db.update(media).set(fields).where(eq(media.id, id)).run()
