/** Drizzle queries on media, votes and views for rating and serving files (single-row queries: server/media/media-items.repo). Missing rows come back undefined. */
import { and, eq, gte, isNull, lt, notInArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/open'
import { perDb } from '../../db/prepared'
import { media, views, votes } from '../../db/schema'
import { itemStem, ownerStemOf } from '../../media/media-keys'
import type { MediaRow } from '../../media/media-items.repo'

/**
 * The media item a stored object belongs to (server/media/media-keys.ts): the item stored under key itself, else,
 * for a derived object `<stem>/w640.webp` or `<stem>/poster.webp`, the item `<stem>.<ext>` (an index range lookup
 * on storage_key). Undefined for an object of no item (for example a bucket upload not yet imported).
 */
export function findMediaOwningKey(db: Db, key: string): MediaRow | undefined {
  const exact = db.select().from(media).where(eq(media.storageKey, key)).get()
  const stem = ownerStemOf(key)
  if (exact || stem === undefined) return exact
  // Keys in [stem + '.', stem + '/') are those that start with `stem.`.
  return db.select().from(media).where(and(gte(media.storageKey, `${stem}.`), lt(media.storageKey, `${stem}/`))).limit(10).all().find((row) => itemStem(row.storageKey) === stem)
}

/** Smallest and largest media id, both null when there is no media. Two subqueries: SQLite answers a lone min() or max() of the rowid from the b-tree ends, but scans the table for both in one select. */
const idRange = perDb((db) => db.$client.prepare<{ min: number | null; max: number | null }, []>('select (select min(id) from media) as min, (select max(id) from media) as max'))
export const mediaIdRange = (db: Db) => idRange(db).get()!

/** A media row as rating shows it (toRateMedia): the columns the random pick and the queue read. */
export type RateableRow = Pick<MediaRow, 'id' | 'storageKey' | 'mimeType' | 'size' | 'width' | 'height' | 'placeholder' | 'variants' | 'processedAt' | 'totalVotes' | 'hotVotes'>

// Straight from bun:sqlite (issue #12): drizzle's row mapping cost more than the query on the hottest read. The id is
// drawn in SQL from ?1 (uniform in [0, 1)) over [min(id), max(id)], so a probe is one statement: the two ends of the
// rowid b-tree, a row lookup and one probe of the unique votes(user_id, media_id) index.
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
export function findRandomRateableMedia(db: Db, position: number, userId: number): RateableRow | undefined {
  const row = randomRateable(db).get(position, userId)
  return row ? { ...row, variants: row.variants === null ? null : (JSON.parse(row.variants) as MediaRow['variants']) } : undefined
}

/**
 * Up to `limit` random items the user may rate (visible, not own, not voted, not in excludeIds): the exact
 * but slower query used when rejection sampling keeps missing (a visitor who rated almost everything).
 */
export const findRateableMediaExact = (db: Db, userId: number, excludeIds: number[], limit: number) =>
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

/** Records one view; a repeat for the same user and item is a no-op. */
export const insertViewOnce = (db: Db, userId: number, mediaId: number, now: string) =>
  db.insert(views).values({ userId, mediaId, createdAt: now }).onConflictDoNothing().run()

/** Total bytes (as sent) of userId's stored media; 0 when they have none (uses media_user_id_idx). */
export function sumMediaBytesOfUser(db: Db, userId: number): number {
  return db.select({ bytes: sql<number>`coalesce(sum(${media.size}), 0)` }).from(media).where(eq(media.userId, userId)).get()!.bytes
}
