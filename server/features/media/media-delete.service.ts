/**
 * Deleting one's own media (server-contract: DELETE /api/media/:id): the stored object and its derived objects, the row, its votes and
 * views, and its URLs purged from the CDN (media from the edge), with MEDIA_DELETE_REQUEST and MEDIA_DELETE_COMPLETED audit events.
 */
import type { Deps } from '../../core/deps'
import { writeAuditEvent } from '../../core/audit-log'
import { HttpError, mustFind } from '../../http/errors'
import { deleteItemObjects } from '../../media/pipeline/process-media'
import { purgeDeletedMedia } from '../../media/media-edge'
import { deleteMediaById, findMediaById } from '../../repositories/media.repository'

/** Deletes mediaId for its owner userId. Throws HttpError 404 (unknown media), 403 (someone else's). */
export async function deleteOwnMedia(deps: Deps, userId: number, mediaId: number): Promise<void> {
  const row = mustFind(await findMediaById(deps.db, mediaId), 'Media')
  if (row.userId !== userId) throw new HttpError(403, 'That media is not yours')
  const context = { mediaId, userId, storageKey: row.storageKey, originalName: row.originalName, size: row.size }
  await writeAuditEvent(deps, 'MEDIA_DELETE_REQUEST', context)
  const objectDeleted = await deleteItemObjects(deps.storage, row.storageKey, row.variants)
  await deleteMediaById(deps.db, mediaId)
  await purgeDeletedMedia(deps, row)
  await writeAuditEvent(deps, 'MEDIA_DELETE_COMPLETED', { ...context, objectDeleted })
}
