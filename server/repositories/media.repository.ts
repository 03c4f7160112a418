/**
 * Queries on media items (public-visitor §3-§5; admin-back-office §2 Media, Bucket): single rows by id, content hash or
 * storage key, the random pick of the rate screen, the figures of lists, the bucket's hashes and the pipeline's backfill.
 * Counts are the item's counters media.total_votes and media.hot_votes, which triggers on votes keep equal to a
 * recount in the same transaction as every vote written or deleted (drizzle/sqlite/0004_vote_counter_triggers.sql, drizzle/pg/0001_vote_counter_triggers.sql).
 * The hot reads go straight to the driver on each dialect (prepared once on SQLite, by Bun's SQL on PostgreSQL).
 * Missing rows come back undefined.
 */
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm'
import type { SQL } from 'bun'
import { idBelow, retryTransaction, shared, type Database, type SqliteDatabase } from '../db/database'
import type { MaybePromise } from '../core/maybe-promise'
import type { PageQuery } from '../contract/admin/paging'
import { perDb } from '../db/prepared'
import { createBatchedLoader } from '../db/batched-loader'
import { media } from '../db/schema'
import * as pgTables from '../db/schema.pg'
import { inTransaction } from '../db/open'
import { itemStem, ownerStemOf } from '../media/media-keys'
import { ANIMATABLE_TYPES } from '../contract/media'
import { findUserIdBySessionHash } from './users.repository'
import { nearCopyFilter, phashColumns } from './near-duplicates.repository'
import { saveIdempotentAnswerPg, saveIdempotentAnswerSqlite, type IdempotentAnswer } from './idempotency.repository'

/** One media row as stored. */
export type MediaRow = typeof media.$inferSelect

const mediaById = perDb((db) =>
  db
    .select()
    .from(media)
    .where(eq(media.id, sql.placeholder('id')))
    .prepare(),
)
/** The media item with this id. */
export async function findMediaById(db: Database, id: number): Promise<MediaRow | undefined> {
  if (db.dialect === 'sqlite') return mediaById(db.orm).get({ id })
  const { orm, t } = shared(db)
  return (await orm.select().from(t.media).where(eq(t.media.id, id)))[0]
}

/** The media item whose content has this SHA-256 (hex). */
export async function findMediaBySha256(db: Database, sha256: string): Promise<MediaRow | undefined> {
  const { orm, t } = shared(db)
  return (await orm.select().from(t.media).where(eq(t.media.sha256, sha256)).limit(1))[0]
}

/**
 * Inserts one media row and returns it; a phash is stored with its four indexed bands. With answerFor, the
 * Idempotency-Key answer it gives for the row is stored in the same transaction: both are written or neither.
 */
export async function insertMedia(
  db: Database,
  values: typeof media.$inferInsert,
  answerFor?: (row: MediaRow) => IdempotentAnswer,
): Promise<MediaRow> {
  const withBands = { ...values, ...phashColumns(values.phash ?? undefined) }
  if (db.dialect === 'sqlite') {
    return inTransaction(db.orm, () => {
      const row = db.orm.insert(media).values(withBands).returning().get()
      if (answerFor) saveIdempotentAnswerSqlite(db.orm, answerFor(row))
      return row
    })
  }
  return db.orm.transaction(async (tx) => {
    const [row] = await tx.insert(pgTables.media).values(withBands).returning()
    if (answerFor) await saveIdempotentAnswerPg(tx, answerFor(row as MediaRow))
    return row as MediaRow
  })
}

/** Deletes the media item with this id; its votes and views go with it (ON DELETE CASCADE). */
export async function deleteMediaById(db: Database, id: number): Promise<void> {
  const { orm, t } = shared(db)
  // The cascade and the counter triggers lock rows concurrent votes lock too: a deadlock victim runs again.
  await retryTransaction(async () => void (await orm.delete(t.media).where(eq(t.media.id, id))))
}

/** Number of media rows; with nearCopies, of those flagged as near copies of an older item. */
export async function countMedia(db: Database, nearCopies?: boolean): Promise<number> {
  const { orm, t } = shared(db)
  return (await orm.select({ n: count() }).from(t.media).where(nearCopyFilter(db, nearCopies)))[0].n
}

/**
 * The media item a stored object belongs to (server/media/media-keys.ts): the item stored under key itself, else,
 * for a derived object `<stem>/w640.webp`, `<stem>/poster.webp` or `<stem>/small.mp4`, the item `<stem>.<ext>` (an
 * index range lookup on storage_key). Undefined for an object of no item (for example a bucket upload not yet imported).
 */
export async function findMediaOwningKey(db: Database, key: string): Promise<MediaRow | undefined> {
  const { orm, t } = shared(db)
  const [exact] = await orm.select().from(t.media).where(eq(t.media.storageKey, key))
  const stem = ownerStemOf(key)
  if (exact || stem === undefined) return exact
  // Keys in [stem + '.', stem + '/') are those that start with `stem.` on SQLite (bytewise); PostgreSQL's collation
  // may ignore punctuation, so there the prefix is asked for as such.
  const startsWithStem =
    db.dialect === 'sqlite'
      ? and(gte(t.media.storageKey, `${stem}.`), lt(t.media.storageKey, `${stem}/`))
      : sql`starts_with(${t.media.storageKey}, ${`${stem}.`})`
  return (await orm.select().from(t.media).where(startsWithStem).limit(10)).find((row) => itemStem(row.storageKey) === stem)
}

// Two subqueries: SQLite answers a lone min() or max() of the rowid from the b-tree ends, but scans the table for both in one select.
const idRange = perDb((db) =>
  db.$client.prepare<{ min: number | null; max: number | null }, []>(
    'select (select min(id) from media) as min, (select max(id) from media) as max',
  ),
)
/** Smallest and largest media id, both null when there is no media; at once on SQLite. */
export function mediaIdRange(db: SqliteDatabase): { min: number | null; max: number | null }
export function mediaIdRange(db: Database): MaybePromise<{ min: number | null; max: number | null }>
export function mediaIdRange(db: Database): MaybePromise<{ min: number | null; max: number | null }> {
  if (db.dialect === 'sqlite') return idRange(db.orm).get()!
  return db.sql<
    { min: number | null; max: number | null }[]
  >`select (select min(id) from media) as min, (select max(id) from media) as max`.then(([range]) => range)
}

/** A media row as the rate screen shows it (toRateMedia): the columns the random pick and the queue read. */
export type RateableRow = Pick<
  MediaRow,
  | 'id'
  | 'storageKey'
  | 'mimeType'
  | 'size'
  | 'width'
  | 'height'
  | 'placeholder'
  | 'variants'
  | 'frames'
  | 'processedAt'
  | 'totalVotes'
  | 'hotVotes'
>

// Straight from bun:sqlite: drizzle's row mapping costs more than the query on the hottest read. The id is drawn in
// SQL from ?1 (uniform in [0, 1)) over [min(id), max(id)], so a probe is one statement: the two ends of the rowid
// b-tree, a row lookup and one probe of the unique votes(user_id, media_id) index.
const randomRateable = perDb((db) =>
  db.$client.query<Omit<RateableRow, 'variants'> & { variants: string | null }, [number, number]>(
    `select m.id, m.storage_key as storageKey, m.mime_type as mimeType, m.size, m.width, m.height, m.placeholder, m.variants,
       m.frames, m.processed_at as processedAt, m.total_votes as totalVotes, m.hot_votes as hotVotes
     from media m
     where m.id = (select min(id) from media) + cast(?1 * ((select max(id) from media) - (select min(id) from media) + 1) as integer)
       and m.hidden_at is null and m.user_id <> ?2
       and not exists (select 1 from votes v where v.user_id = ?2 and v.media_id = m.id)`,
  ),
)
/**
 * The item at a uniformly random id (position: a number in [0, 1), e.g. Math.random()) if the user may rate it
 * (visible, not their own, not voted on); undefined when that id is a gap or not rateable. The ids drawn from are
 * [min(id), max(id)] on SQLite and [1, max(id)] on PostgreSQL: there each end of the primary key costs the backend
 * about as much as the row lookup, and ids start at 1, so the range holds every item and ids below min(id) are gaps.
 * At once on SQLite.
 */
export function findRandomRateableMedia(db: SqliteDatabase, position: number, userId: number): RateableRow | undefined
export function findRandomRateableMedia(db: Database, position: number, userId: number): MaybePromise<RateableRow | undefined>
export function findRandomRateableMedia(db: Database, position: number, userId: number): MaybePromise<RateableRow | undefined> {
  if (db.dialect === 'postgres') {
    // variants is jsonb: the driver answers it parsed.
    return db.sql<
      RateableRow[]
    >`select m.id, m.storage_key as "storageKey", m.mime_type as "mimeType", m.size, m.width, m.height, m.placeholder, m.variants,
        m.frames, m.processed_at as "processedAt", m.total_votes as "totalVotes", m.hot_votes as "hotVotes"
      from media m
      where m.id = 1 + floor(${position}::float8 * (select max(id) from media))::int
        and m.hidden_at is null and m.user_id <> ${userId}
        and not exists (select 1 from votes v where v.user_id = ${userId} and v.media_id = m.id)`.then(([pick]) => pick)
  }
  const row = randomRateable(db.orm).get(position, userId)
  return row ? { ...row, variants: row.variants === null ? null : (JSON.parse(row.variants) as MediaRow['variants']) } : undefined
}

/** One combined lookup of findVisitorAndRandomRateableMedia. */
type VisitorProbe = { sessionHash: string; position: number; userId: number }
/** Its answer. */
type VisitorAndRow = { visitorId: number | undefined; row: RateableRow | undefined }

/**
 * The combined lookups of a batch on PostgreSQL in one statement: one input row per lookup, numbered from 1, the
 * session by a lateral subquery, the probe by a lateral row lookup when the session's user is the userId asked for;
 * max(id) is read once for the batch. Answers in the batch's order. The batch goes as one jsonb parameter: from arrays
 * (unnest) PostgreSQL would estimate each batch's size, find a plan for one lookup cheaper than the generic plan and
 * plan the statement again on every call, which costs more than running it.
 */
async function findVisitorsAndRandomRateableMedia(pg: SQL, batch: VisitorProbe[]): Promise<VisitorAndRow[]> {
  const input = JSON.stringify(batch.map((p, i) => ({ n: i + 1, h: p.sessionHash, p: p.position, u: p.userId })))
  const found = await pg<({ n: number; visitorId: number | null } & { [K in keyof RateableRow]: RateableRow[K] | null })[]>`
    select b.n, s.id as "visitorId", m.id, m.storage_key as "storageKey", m.mime_type as "mimeType", m.size, m.width,
      m.height, m.placeholder, m.variants, m.frames, m.processed_at as "processedAt", m.total_votes as "totalVotes",
      m.hot_votes as "hotVotes"
    from jsonb_to_recordset(${input}::text::jsonb) as b(n int, h text, p float8, u int)
    left join lateral (select id from users where session_id = b.h
          union all select user_id from user_sessions where session_hash = b.h limit 1) s on true
    left join lateral (select * from media m where s.id = b.u
      and m.id = 1 + floor(b.p * (select max(id) from media))::int
      and m.hidden_at is null and m.user_id <> b.u
      and not exists (select 1 from votes v where v.user_id = b.u and v.media_id = m.id)) m on true`
  const answers: VisitorAndRow[] = batch.map(() => ({ visitorId: undefined, row: undefined }))
  for (const { n, visitorId, ...row } of found)
    answers[n - 1] = { visitorId: visitorId ?? undefined, row: row.id === null ? undefined : (row as RateableRow) }
  return answers
}

/** The batched loader of each PostgreSQL pool's combined lookups. */
const pgVisitorProbes = perDb((pg: SQL) => createBatchedLoader((batch: VisitorProbe[]) => findVisitorsAndRandomRateableMedia(pg, batch)))

/**
 * The id of the user one of whose sessions has this stored hash (findUserIdBySessionHash), and, when that user is
 * userId, the first probe of their random pick (findRandomRateableMedia at position). visitorId is undefined for an
 * unknown session; row is undefined when the probe missed or the session is another user's. On PostgreSQL, where a
 * round trip costs the instance more than both lookups, one statement answers the lookups of all the requests that
 * ask during one turn of the event loop (server/db/batched-loader.ts); it rejects them all when it fails. Two function
 * calls on SQLite, answered at once.
 */
export function findVisitorAndRandomRateableMedia(
  db: Database,
  sessionHash: string,
  position: number,
  userId: number,
): MaybePromise<VisitorAndRow> {
  if (db.dialect === 'sqlite') {
    const visitorId = findUserIdBySessionHash(db, sessionHash)
    return { visitorId, row: visitorId === userId ? findRandomRateableMedia(db, position, userId) : undefined }
  }
  return pgVisitorProbes(db.sql).load({ sessionHash, position, userId })
}

/**
 * Up to `limit` random items the user may rate (visible, not own, not voted, not in excludeIds): the exact
 * but slower query used when rejection sampling keeps missing (a visitor who rated almost everything).
 */
export async function findRateableMediaExact(db: Database, userId: number, excludeIds: number[], limit: number): Promise<MediaRow[]> {
  const { orm, t } = shared(db)
  return orm
    .select()
    .from(t.media)
    .where(
      and(
        isNull(t.media.hiddenAt),
        sql`${t.media.userId} <> ${userId}`,
        excludeIds.length ? notInArray(t.media.id, excludeIds) : undefined,
        sql`not exists (select 1 from ${t.votes} where ${t.votes.userId} = ${userId} and ${t.votes.mediaId} = ${t.media.id})`,
      ),
    )
    .orderBy(sql`random()`)
    .limit(limit)
}

/** Total bytes (as sent) of userId's stored media; 0 when they have none (uses media_user_id_idx). */
export async function sumMediaBytesOfUser(db: Database, userId: number): Promise<number> {
  const { orm, t } = shared(db)
  return (
    await orm
      .select({ bytes: sql<number>`coalesce(sum(${t.media.size}), 0)`.mapWith(Number) })
      .from(t.media)
      .where(eq(t.media.userId, userId))
  )[0].bytes
}

/**
 * Select-list columns with a media row's actual figures, for queries over `media`. Table names are written out:
 * drizzle leaves select-list columns unqualified, and a bare "id" inside a subquery would mean votes.id.
 */
const mediaFigureColumns = {
  totalVotes: sql<number>`media.total_votes`.mapWith(Number),
  hotVotes: sql<number>`media.hot_votes`.mapWith(Number),
  totalViews: sql<number>`(select count(*) from views where views.media_id = media.id)`.mapWith(Number),
}

/** Every upload of userId, newest first, with its vote count, hot count and view count (no query per item). */
export async function findOwnMediaWithFigures(db: Database, userId: number) {
  const { orm, t } = shared(db)
  const m = t.media
  return orm
    .select({
      id: m.id,
      storageKey: m.storageKey,
      mimeType: m.mimeType,
      originalName: m.originalName,
      size: m.size,
      uploadedAt: m.uploadedAt,
      placeholder: m.placeholder,
      variants: m.variants,
      frames: m.frames,
      processedAt: m.processedAt,
      hiddenAt: m.hiddenAt,
      ...mediaFigureColumns,
    })
    .from(m)
    .where(eq(m.userId, userId))
    .orderBy(desc(m.uploadedAt), desc(m.id))
}

/**
 * Media with uploader name and actual vote/view figures, newest first; one page: limit rows from offset, below the
 * cursor's id; with nearCopies, only items flagged as near copies of an older item.
 */
export async function listMediaWithFigures(db: Database, { limit, offset, after }: PageQuery, nearCopies?: boolean) {
  const { orm, t } = shared(db)
  const m = t.media
  return orm
    .select({
      id: m.id,
      storageKey: m.storageKey,
      mimeType: m.mimeType,
      originalName: m.originalName,
      size: m.size,
      width: m.width,
      height: m.height,
      uploadedAt: m.uploadedAt,
      placeholder: m.placeholder,
      variants: m.variants,
      frames: m.frames,
      processedAt: m.processedAt,
      hiddenAt: m.hiddenAt,
      hiddenAsCopyAt: m.hiddenAsCopyAt,
      nearDuplicateOf: m.nearDuplicateOf,
      username: sql<string>`(select username from users where users.id = media.user_id)`,
      ...mediaFigureColumns,
    })
    .from(m)
    .where(and(idBelow(m.id, after), nearCopyFilter(db, nearCopies)))
    .orderBy(desc(m.id))
    .limit(limit)
    .offset(offset)
}

/** The media row stored under exactly key. */
export async function findMediaByKey(db: Database, key: string): Promise<MediaRow | undefined> {
  const { orm, t } = shared(db)
  return (await orm.select().from(t.media).where(eq(t.media.storageKey, key)))[0]
}

/** Deletes the media row stored under key, if any; its votes and views go with it (ON DELETE CASCADE). */
export async function deleteMediaByKey(db: Database, key: string): Promise<void> {
  const { orm, t } = shared(db)
  await retryTransaction(async () => void (await orm.delete(t.media).where(eq(t.media.storageKey, key))))
}

/** Storage key and stored object's SHA-256 (hex; null until known) of every media row. */
export async function listStoredHashes(db: Database) {
  const { orm, t } = shared(db)
  return orm.select({ key: t.media.storageKey, storedSha256: t.media.storedSha256 }).from(t.media)
}

/** Id and storage key of every media row whose stored object has no SHA-256 recorded yet. */
export async function listRowsWithoutStoredHash(db: Database) {
  const { orm, t } = shared(db)
  return orm.select({ id: t.media.id, key: t.media.storageKey }).from(t.media).where(isNull(t.media.storedSha256))
}

/** Records the SHA-256 (hex) of item id's stored object, unless one was recorded meanwhile (the pipeline's is newer). */
export async function saveStoredHash(db: Database, id: number, storedSha256: string): Promise<void> {
  const { orm, t } = shared(db)
  await orm
    .update(t.media)
    .set({ storedSha256 })
    .where(and(eq(t.media.id, id), isNull(t.media.storedSha256)))
}

/** True when some item has this content: its stored object (stored_sha256) or the bytes it came in as (sha256). */
export async function isContentKnown(db: Database, sha256: string): Promise<boolean> {
  const { orm, t } = shared(db)
  return (
    (
      await orm
        .select({ id: t.media.id })
        .from(t.media)
        .where(or(eq(t.media.storedSha256, sha256), eq(t.media.sha256, sha256)))
        .limit(1)
    ).length > 0
  )
}

/** True when some media row stores this key. */
export async function isKeyImported(db: Database, key: string): Promise<boolean> {
  const { orm, t } = shared(db)
  return (await orm.select({ id: t.media.id }).from(t.media).where(eq(t.media.storageKey, key)).limit(1)).length > 0
}

/**
 * Items the pipeline has still to process: never processed, a GIF or WebP processed before the pipeline counted
 * frames (an animation among them has no poster yet), an item processed before the pipeline made perceptual hashes,
 * or a video without a small rendition whose variants are empty (processed before renditions existed, or its encode
 * failed; one not smaller than the video has variants null and is not tried again).
 */
const unprocessed = (m: ReturnType<typeof shared>['t']['media'], since: string | undefined, afterId = 0) =>
  and(
    or(
      isNull(m.processedAt),
      and(isNull(m.frames), inArray(m.mimeType, [...ANIMATABLE_TYPES])),
      isNull(m.phash),
      and(eq(m.mimeType, 'video/mp4'), sql`${m.variants} = '[]'`),
    ),
    gt(m.id, afterId),
    since ? gte(m.uploadedAt, since) : undefined,
  )

/** Number of items the media pipeline has not processed (see unprocessed), with id > afterId, uploaded at or after since (ISO) when given. */
export async function countUnprocessedMedia(db: Database, since: string | undefined, afterId = 0): Promise<number> {
  const { orm, t } = shared(db)
  return (
    await orm
      .select({ n: count() })
      .from(t.media)
      .where(unprocessed(t.media, since, afterId))
  )[0].n
}

/** Up to limit unprocessed items (see unprocessed) with id > afterId, uploaded at or after since when given, in id order. */
export async function findUnprocessedMedia(db: Database, since: string | undefined, afterId: number, limit: number): Promise<MediaRow[]> {
  const { orm, t } = shared(db)
  return orm
    .select()
    .from(t.media)
    .where(unprocessed(t.media, since, afterId))
    .orderBy(asc(t.media.id))
    .limit(limit)
}

/** Records the pipeline's outputs on item id; the phash with its four indexed bands. */
export async function saveProcessedFields(
  db: Database,
  id: number,
  fields: Pick<
    typeof media.$inferInsert,
    'width' | 'height' | 'durationMs' | 'frames' | 'placeholder' | 'variants' | 'processedAt' | 'storedSha256' | 'phash'
  >,
): Promise<void> {
  const { orm, t } = shared(db)
  await orm
    .update(t.media)
    .set({ ...fields, ...phashColumns(fields.phash ?? undefined) })
    .where(eq(t.media.id, id))
}
