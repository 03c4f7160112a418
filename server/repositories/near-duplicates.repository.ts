/**
 * Queries of near-duplicate detection (admin-back-office §2 Bucket: duplicate detection; docs/media-pipeline.md >
 * Near duplicates): the perceptual hash columns of media rows, the lookup of items near a hash through the indexed
 * bands, the admin's dismissed pairs, and the flags and hiding the admin's decisions write.
 */
import { eq, inArray, isNotNull, or, sql } from 'drizzle-orm'
import { retryTransaction, shared, type Database } from '../db/database'
import { inTransaction } from '../db/open'
import * as sqliteTables from '../db/schema'
import * as pgTables from '../db/schema.pg'
import { bandProbes, bandsOf, durationsMatch, hammingDistance, probeRadius } from '../media/near-duplicates'

/** The phash column and its four band columns for a media row; none when phash is undefined (a row the pipeline did not hash). */
export function phashColumns(phash: string | undefined) {
  if (phash === undefined) return {}
  const [phashBand0, phashBand1, phashBand2, phashBand3] = bandsOf(phash)
  return { phash, phashBand0, phashBand1, phashBand2, phashBand3 }
}

/** What the near-duplicate checks read of a hashed item: id, hash, type, video length (ms), upload time (ISO-8601). */
export type HashedItem = { id: number; phash: string; mimeType: string; durationMs: number | null; uploadedAt: string }

/**
 * True when two hashed items may show one picture within distance bits: hashes within distance, both videos of
 * matching length (durationsMatch) or both images (a still image and an animation's first frame compare alike).
 */
export function isNearCopy(a: Omit<HashedItem, 'id' | 'uploadedAt'>, b: Omit<HashedItem, 'id' | 'uploadedAt'>, distance: number): boolean {
  const aVideo = a.mimeType.startsWith('video/')
  if (aVideo !== b.mimeType.startsWith('video/')) return false
  if (aVideo && !durationsMatch(a.durationMs, b.durationMs)) return false
  return hammingDistance(a.phash, b.phash) <= distance
}

/**
 * The item nearest to item (a hash not stored yet) within distance bits (isNearCopy), the oldest among equally near
 * ones, with its distance; undefined when there is none. Reads only the rows one of whose bands is within
 * floor(distance / 4) bits of item's (the band indexes), which holds every item within distance.
 */
export async function findNearestCopy(
  db: Database,
  item: Omit<HashedItem, 'id' | 'uploadedAt'>,
  distance: number,
): Promise<{ id: number; distance: number } | undefined> {
  const { orm, t } = shared(db)
  const m = t.media
  const columns = [m.phashBand0, m.phashBand1, m.phashBand2, m.phashBand3]
  const radius = probeRadius(distance)
  const bands = bandsOf(item.phash)
  const rows = await orm
    .select({ id: m.id, phash: m.phash, mimeType: m.mimeType, durationMs: m.durationMs, uploadedAt: m.uploadedAt })
    .from(m)
    .where(or(...columns.map((column, i) => inArray(column, bandProbes(bands[i], radius)))))
  let best: { id: number; distance: number; uploadedAt: string } | undefined
  for (const row of rows) {
    const candidate = { ...row, phash: row.phash! }
    if (!isNearCopy(item, candidate, distance)) continue
    const d = hammingDistance(item.phash, candidate.phash)
    if (!best || d < best.distance || (d === best.distance && (row.uploadedAt < best.uploadedAt || row.id < best.id)))
      best = { id: row.id, distance: d, uploadedAt: row.uploadedAt }
  }
  return best && { id: best.id, distance: best.distance }
}

/** Every item with a perceptual hash, in id order. */
export async function listHashedItems(db: Database): Promise<HashedItem[]> {
  const { orm, t } = shared(db)
  const m = t.media
  const rows = await orm
    .select({ id: m.id, phash: m.phash, mimeType: m.mimeType, durationMs: m.durationMs, uploadedAt: m.uploadedAt })
    .from(m)
    .where(isNotNull(m.phash))
    .orderBy(m.id)
  return rows as HashedItem[]
}

/** The pairs the admin dismissed, each as `${low}-${high}` (ids, low < high). */
export async function listDismissedPairs(db: Database): Promise<Set<string>> {
  const { orm, t } = shared(db)
  const rows = await orm.select().from(t.nearDuplicateDismissals)
  return new Set(rows.map((r) => `${r.mediaIdLow}-${r.mediaIdHigh}`))
}

/** The rows a near-duplicate group shows, by id. */
export async function findGroupRows(db: Database, ids: number[]) {
  const { orm, t } = shared(db)
  const m = t.media
  if (ids.length === 0) return []
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
      hiddenAt: m.hiddenAt,
      durationMs: m.durationMs,
      placeholder: m.placeholder,
      variants: m.variants,
      frames: m.frames,
      processedAt: m.processedAt,
      nearDuplicateOf: m.nearDuplicateOf,
    })
    .from(m)
    .where(inArray(m.id, ids))
}

/**
 * In one transaction: records every pair of ids as dismissed at now (ISO-8601; a pair dismissed before stays) and
 * clears the near-copy flag of those items.
 */
export async function dismissPairs(db: Database, ids: number[], now: string): Promise<void> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b)
  const pairs = sorted.flatMap((low, i) => sorted.slice(i + 1).map((high) => ({ mediaIdLow: low, mediaIdHigh: high, dismissedAt: now })))
  if (db.dialect === 'sqlite') {
    // bun:sqlite's transaction commits when its callback returns: the statements run synchronously inside it.
    inTransaction(db.orm, () => {
      if (pairs.length) db.orm.insert(sqliteTables.nearDuplicateDismissals).values(pairs).onConflictDoNothing().run()
      db.orm.update(sqliteTables.media).set({ nearDuplicateOf: null }).where(inArray(sqliteTables.media.id, sorted)).run()
    })
    return
  }
  await retryTransaction(() =>
    db.orm.transaction(async (tx) => {
      if (pairs.length) await tx.insert(pgTables.nearDuplicateDismissals).values(pairs).onConflictDoNothing()
      await tx.update(pgTables.media).set({ nearDuplicateOf: null }).where(inArray(pgTables.media.id, sorted))
    }),
  )
}

/**
 * Hides the items ids from rating as near copies (hidden_at and hidden_as_copy_at now unless already set, so a
 * takedown's later change leaves them hidden) and clears their near-copy flags.
 */
export async function hideItems(db: Database, ids: number[], now: string): Promise<void> {
  const { orm, t } = shared(db)
  if (ids.length === 0) return
  await orm
    .update(t.media)
    .set({
      hiddenAt: sql`coalesce(${t.media.hiddenAt}, ${now})`,
      hiddenAsCopyAt: sql`coalesce(${t.media.hiddenAsCopyAt}, ${now})`,
      nearDuplicateOf: null,
    })
    .where(inArray(t.media.id, ids))
}

/** Clears the near-copy flag of item id. */
export async function clearNearCopyFlag(db: Database, id: number): Promise<void> {
  const { orm, t } = shared(db)
  await orm.update(t.media).set({ nearDuplicateOf: null }).where(eq(t.media.id, id))
}

/** The condition of the admin media list's near-copy filter: flagged rows when nearCopies, every row otherwise. */
export const nearCopyFilter = (db: Database, nearCopies: boolean | undefined) =>
  nearCopies ? isNotNull(shared(db).t.media.nearDuplicateOf) : undefined
