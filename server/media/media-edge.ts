/**
 * Media from the edge (config.mediaEdge, MEDIA_PUBLIC_URL; docs/operations.md > Media from the edge): the public
 * fetches an item's objects from the bucket or its CDN, so what the app decides about an item must reach there too.
 * A hidden item's objects are made not public (Storage.setPublic: moved under the bucket's private prefix) and a
 * shown one's public again; after that and after a delete, the CDN is asked to drop the URLs it may hold
 * (MEDIA_PURGE_URL). Without mediaEdge both are no-ops.
 */
import type { Deps } from '../core/deps'
import { logger } from '../core/log'
import { findMediaById } from '../repositories/media.repository'
import { derivedKeysOf } from './media-keys'
import { publishedUrls, type MediaUrlRow } from './media-url'

/** Why URLs are purged, as the purge hook receives it. */
export type PurgeReason = 'hidden' | 'shown' | 'deleted'

/** Longest wait for the purge hook's answer, ms: a slow CDN API never holds an admin call for long. */
const PURGE_TIMEOUT_MS = 10_000

/**
 * POSTs `{"reason": reason, "urls": [...]}` (application/json) to MEDIA_PURGE_URL when it is set and urls is not
 * empty, and waits for the answer. Never throws: a failure or a non-2xx answer is logged (the CDN then drops the
 * objects when their cached answers expire, or the hook is called again by the next change).
 */
export async function purgeMediaUrls(deps: Pick<Deps, 'config'>, urls: string[], reason: PurgeReason): Promise<void> {
  const hook = deps.config.mediaEdge?.purgeUrl
  if (!hook || urls.length === 0) return
  try {
    const answer = await fetch(hook, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason, urls }),
      signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
    })
    await answer.body?.cancel()
    if (!answer.ok) logger.error({ status: answer.status, reason, count: urls.length }, 'media purge hook refused the purge')
  } catch (e) {
    logger.error({ err: e, reason, count: urls.length }, 'media purge hook failed')
  }
}

/** purgeMediaUrls of every URL row's objects were published under (after a delete of row's item). */
export const purgeDeletedMedia = (deps: Pick<Deps, 'config'>, row: MediaUrlRow) =>
  purgeMediaUrls(deps, publishedUrls(deps.config, row), 'deleted')

/**
 * Makes the bucket follow media item mediaId's visibility as the database has it now: a hidden item's objects (its
 * own and derived ones) not public, a shown item's public; then purges their published URLs when any object moved.
 * A no-op without mediaEdge or for an unknown id. Storage errors propagate (the change is made again by the next
 * status change of a takedown naming it).
 */
export async function syncMediaVisibility(deps: Pick<Deps, 'db' | 'storage' | 'config'>, mediaId: number): Promise<void> {
  if (!deps.config.mediaEdge || !deps.storage.setPublic) return
  const row = await findMediaById(deps.db, mediaId)
  if (!row) return
  const keys = [row.storageKey, ...derivedKeysOf(row.storageKey, row.variants)]
  const moved = await deps.storage.setPublic(keys, row.hiddenAt === null)
  if (moved.length > 0) await purgeMediaUrls(deps, publishedUrls(deps.config, row), row.hiddenAt === null ? 'shown' : 'hidden')
}
