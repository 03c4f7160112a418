/**
 * Near duplicates (admin-back-office §2 Bucket: duplicate detection, beside the spec's groups; docs/media-pipeline.md >
 * Near duplicates): the scan that groups media items whose perceptual hashes are within NEAR_DUPLICATE_DISTANCE, the
 * admin's keep-one decision (the others hidden or deleted) and the dismissal of a group that shows different
 * pictures, both audited.
 */
import type { Deps } from '../../core/deps'
import type {
  NearDuplicateGroup,
  ResolveNearDuplicatesAnswer,
  ResolveNearDuplicatesInput,
  ShowHiddenCopyAnswer,
} from '../../contract/admin/bucket'
import { auditRow, writeAuditEvent } from '../../core/audit-log'
import { HttpError } from '../../http/errors'
import { purgeDeletedMedia, syncMediaVisibility } from '../../media/media-edge'
import { mediaLinks } from '../../media/media-url'
import { bandProbes, BANDS, durationsMatch, hammingDistance, probeRadius } from '../../media/near-duplicates'
import { deleteItemObjects } from '../../media/pipeline/process-media'
import { deleteMediaById } from '../../repositories/media.repository'
import { showHiddenCopy as showHiddenCopyRow } from '../../repositories/takedowns.repository'
import {
  clearNearCopyFlag,
  dismissPairs,
  findGroupRows,
  hideItems,
  listDismissedPairs,
  listHashedItems,
  type HashedItem,
} from '../../repositories/near-duplicates.repository'

/** Set bits of a 32-bit integer. */
function popcount32(n: number): number {
  let x = n - ((n >>> 1) & 0x55555555)
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/**
 * Every pair of items (indexes into items, first < second) within distance bits that may show one picture: images
 * with images, videos with videos of matching length (durationsMatch). In memory, like the band indexes of the
 * table: on each band, the items are bucketed by band value, and each value present meets the values within
 * floor(distance / 4) bits of it (each pair of values once), which finds every pair within distance (pigeonhole).
 * A pair close on several bands is kept on the first of them only.
 */
export function nearPairs(items: HashedItem[], distance: number): [number, number][] {
  const n = items.length
  const hi = new Int32Array(n)
  const lo = new Int32Array(n)
  const video = new Uint8Array(n)
  // bands[i * BANDS + b]: band b of item i, most significant first (bandsOf).
  const bands = new Uint16Array(n * BANDS)
  items.forEach((item, i) => {
    hi[i] = Number.parseInt(item.phash.slice(0, 8), 16) | 0
    lo[i] = Number.parseInt(item.phash.slice(8), 16) | 0
    video[i] = item.mimeType.startsWith('video/') ? 1 : 0
    bands.set([hi[i] >>> 16, hi[i] & 0xffff, lo[i] >>> 16, lo[i] & 0xffff], i * BANDS)
  })
  const radius = probeRadius(distance)
  // The values within the radius of value v are v ^ mask for each mask within the radius of 0.
  const masks = Int32Array.from(bandProbes(0, radius))
  // start[v] .. start[v + 1] index into members (CSR): the items whose current band has value v, in index order.
  const start = new Int32Array(65537)
  const members = new Int32Array(n)
  const pairs: [number, number][] = []
  for (let b = 0; b < BANDS; b++) {
    start.fill(0)
    for (let i = 0; i < n; i++) start[bands[i * BANDS + b] + 1]++
    for (let v = 0; v < 65536; v++) start[v + 1] += start[v]
    const fill = start.slice(0, 65536)
    for (let i = 0; i < n; i++) members[fill[bands[i * BANDS + b]]++] = i
    for (let u = 0; u < 65536; u++) {
      if (start[u] === start[u + 1]) continue
      for (let m = 0; m < masks.length; m++) {
        const v = u ^ masks[m]
        if (v < u) continue
        for (let k = start[u]; k < start[u + 1]; k++)
          for (let l = v === u ? k + 1 : start[v]; l < start[v + 1]; l++) {
            const i = Math.min(members[k], members[l])
            const j = Math.max(members[k], members[l])
            let earlier = false
            for (let c = 0; c < b && !earlier; c++) earlier = popcount32(bands[i * BANDS + c] ^ bands[j * BANDS + c]) <= radius
            if (earlier || video[i] !== video[j] || popcount32(hi[i] ^ hi[j]) + popcount32(lo[i] ^ lo[j]) > distance) continue
            if (video[i] && !durationsMatch(items[i].durationMs, items[j].durationMs)) continue
            pairs.push([i, j])
          }
      }
    }
  }
  return pairs
}

/**
 * The groups of items (as lists of items, more than one each) joined by pairs the admin has not dismissed: the
 * connected components of nearPairs, so copies of copies fall in one group.
 */
export function groupNearCopies(items: HashedItem[], distance: number, dismissed: Set<string>): HashedItem[][] {
  const parent = items.map((_, i) => i)
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]]
    return i
  }
  for (const [i, j] of nearPairs(items, distance))
    if (!dismissed.has(`${items[i].id}-${items[j].id}`) && !dismissed.has(`${items[j].id}-${items[i].id}`)) parent[root(i)] = root(j)
  const groups = new Map<number, HashedItem[]>()
  items.forEach((item, i) => {
    const group = groups.get(root(i))
    if (group) group.push(item)
    else groups.set(root(i), [item])
  })
  return [...groups.values()].filter((g) => g.length > 1)
}

/** Oldest first: by upload time, then id. */
const byAge = (a: { uploadedAt: string; id: number }, b: { uploadedAt: string; id: number }) =>
  a.uploadedAt < b.uploadedAt ? -1 : a.uploadedAt > b.uploadedAt ? 1 : a.id - b.id

/**
 * The near-duplicate groups of the media items (groupNearCopies at the configured distance, dismissed pairs left
 * out), each with its items oldest first, their thumbnails and distances from the oldest; groups in the order of
 * their oldest item.
 */
export async function findNearDuplicateGroups(deps: Pick<Deps, 'db' | 'config'>): Promise<NearDuplicateGroup[]> {
  const distance = deps.config.nearDuplicateDistance
  const groups = groupNearCopies(await listHashedItems(deps.db), distance, await listDismissedPairs(deps.db))
  const rows = new Map(
    (
      await findGroupRows(
        deps.db,
        groups.flat().map((item) => item.id),
      )
    ).map((row) => [row.id, row]),
  )
  return groups
    .map((group) => {
      const sorted = [...group].sort(byAge)
      const oldest = sorted[0]
      const items = sorted.map((item) => {
        const row = rows.get(item.id)!
        const links = mediaLinks(deps.config, row)
        return {
          id: row.id,
          key: row.storageKey,
          url: links.url,
          originalName: row.originalName,
          mimeType: row.mimeType,
          size: row.size,
          width: row.width,
          height: row.height,
          uploadedAt: row.uploadedAt,
          hidden: row.hiddenAt !== null,
          thumbnailUrl: links.variants[0]?.url ?? links.posterUrl ?? links.url,
          distance: hammingDistance(item.phash, oldest.phash),
          oldest: item === oldest,
        }
      })
      return { items, oldestId: oldest.id, distance: Math.max(...items.map((i) => i.distance)) }
    })
    .sort((a, b) => byAge(a.items[0], b.items[0]))
}

/** The rows of ids; throws HttpError 404 naming the first id without a media item. */
async function mustFindAll(deps: Pick<Deps, 'db'>, ids: number[]) {
  const rows = await findGroupRows(deps.db, ids)
  const missing = ids.find((id) => !rows.some((row) => row.id === id))
  if (missing !== undefined) throw new HttpError(404, `Media ${missing} not found`)
  return rows
}

/**
 * Keeps item keepId and hides (from rating; their pairs with it are remembered as decided, so the group does not
 * come back) or deletes (objects, derived objects, row, votes, views) the items ids, with media from the edge making a
 * hidden item's objects not public or purging a deleted item's URLs (media-edge); clears the near-copy flags of
 * all of them and writes one NEAR_DUPLICATES_RESOLVED audit event. Throws HttpError
 * 400 when ids name keepId, 404 for an unknown id.
 */
export async function resolveNearDuplicates(deps: Deps, input: ResolveNearDuplicatesInput): Promise<ResolveNearDuplicatesAnswer> {
  const ids = [...new Set(input.ids)]
  if (ids.includes(input.keepId)) throw new HttpError(400, 'The item to keep cannot also be hidden or deleted')
  const [kept] = await mustFindAll(deps, [input.keepId])
  const others = await mustFindAll(deps, ids)
  if (input.action === 'hide') {
    // The hidden copies stay in the catalogue: their pairs are remembered as decided, so the group does not come back.
    await dismissPairs(deps.db, [input.keepId, ...ids], deps.clock.now().toISOString())
    await hideItems(deps.db, ids, deps.clock.now().toISOString())
    for (const id of ids) await syncMediaVisibility(deps, id)
  } else
    for (const row of others) {
      await deleteItemObjects(deps.storage, row.storageKey, row.variants)
      await deleteMediaById(deps.db, row.id)
      await purgeDeletedMedia(deps, row)
    }
  await clearNearCopyFlag(deps.db, input.keepId)
  await writeAuditEvent(deps, 'NEAR_DUPLICATES_RESOLVED', {
    keptId: kept.id,
    keptKey: kept.storageKey,
    action: input.action,
    ids,
    keys: others.map((row) => row.storageKey),
    by: deps.config.adminUsername,
  })
  const verb = input.action === 'hide' ? 'Hid' : 'Deleted'
  return { message: `Kept ${kept.id}; ${verb} ${ids.length} near copies`, keptId: kept.id, action: input.action, ids }
}

/**
 * Remembers every pair of the items ids as not near duplicates (the scan never joins them again), clears their
 * near-copy flags and writes one NEAR_DUPLICATES_DISMISSED audit event. Throws HttpError 404 for an unknown id.
 */
export async function dismissNearDuplicates(deps: Deps, requested: number[]) {
  const ids = [...new Set(requested)].sort((a, b) => a - b)
  if (ids.length < 2) throw new HttpError(400, 'ids must name at least two items')
  await mustFindAll(deps, ids)
  await dismissPairs(deps.db, ids, deps.clock.now().toISOString())
  await writeAuditEvent(deps, 'NEAR_DUPLICATES_DISMISSED', { ids, by: deps.config.adminUsername })
  return { message: `Dismissed a group of ${ids.length} items`, ids }
}

/**
 * Shows again item id, which an admin hid as a near copy: clears that decision, makes its visibility follow its
 * takedowns (it stays hidden while a resolved takedown names it) and writes one NEAR_COPY_SHOWN audit event in one
 * transaction, then makes the bucket follow (media-edge: a shown item's objects public again). Throws HttpError 404
 * for an unknown id, 409 for an item not hidden as a near copy.
 */
export async function showHiddenCopy(deps: Deps, id: number): Promise<ShowHiddenCopyAnswer> {
  const now = deps.clock.now().toISOString()
  const outcome = await showHiddenCopyRow(deps.db, id, now, auditRow(deps, 'NEAR_COPY_SHOWN', { id, by: deps.config.adminUsername }))
  if (!outcome) throw new HttpError(404, `Media ${id} not found`)
  if (outcome.kind === 'not-hidden-as-copy') throw new HttpError(409, `Media ${id} is not hidden as a near copy`)
  await syncMediaVisibility(deps, id)
  const message = outcome.hidden ? `Media ${id} stays hidden: a resolved takedown names it` : `Media ${id} is shown again`
  return { message, id, hidden: outcome.hidden }
}
