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

const rateableById = perDb((db) =>
  db
    .select()
    .from(media)
    .where(
      and(
        eq(media.id, sql.placeholder('id')),
        isNull(media.hiddenAt),
        sql`${media.userId} <> ${sql.placeholder('userId')}`,
        sql`not exists (select 1 from ${votes} where ${votes.userId} = ${sql.placeholder('userId')} and ${votes.mediaId} = ${media.id})`,
      ),
    )
    .prepare(),
)
/**
 * The item with this id if the user may rate it (visible, not their own, not voted on): one statement, a row lookup
 * and one probe of the unique votes(user_id, media_id) index.
 */
export const findRateableMediaById = (db: Db, id: number, userId: number) => rateableById(db).get({ id, userId })

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
