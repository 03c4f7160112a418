/**
 * The visitor's resumable uploads (docs/uploads.md; server-contract: Media and votes): tus 1.0 on /api/media/tus
 * (server/media/resumable-uploads.ts) under every rule of POST /api/media/upload. A creation names the visitor's own
 * userId in Upload-Metadata (403 otherwise), counts against the hourly limits (429), is refused while the pipeline
 * queue is full (503) and holds its bytes of the quota (413) until it ends or expires; the finished file goes through
 * storeUpload (type, duplicate, pipeline, media row) and its answer is the UploadAnswer of POST /api/media/upload; an
 * upload terminated while that ran loses the media item it made.
 */
import type { Deps } from '../../core/deps'
import { routes } from '../../contract/paths'
import { countUpload } from '../../core/metrics'
import { HttpError } from '../../http/errors'
import { requireOwnUser } from '../../http/session-user'
import { createResumableUploads, type ResumableUploads } from '../../media/resumable-uploads'
import { refuseUploadWhenBusy, storeUpload } from './media-upload.service'
import type { UploadLimits } from './upload-limits.service'
import { deleteOwnMedia } from './media-delete.service'
import type { UploadAnswer } from '../../contract/media'

/** The visitors' resumable uploads on deps, counted against limits (the limits of POST /api/media/upload). */
export function createVisitorResumableUploads(deps: Deps, limits: UploadLimits): ResumableUploads {
  return createResumableUploads(deps, {
    path: routes.mediaTus,
    async admit({ ownerId, addressKey, metadata, size, hold }) {
      await limits.admit(ownerId, addressKey)
      refuseUploadWhenBusy(deps)
      if (!/^\d{1,15}$/.test(metadata.userId ?? ''))
        throw new HttpError(400, 'userId must be a user id', [{ path: 'userId', message: 'userId must be a user id' }])
      requireOwnUser({ id: ownerId }, Number(metadata.userId))
      await limits.reserve(ownerId, size, hold)
    },
    release: (id) => limits.release(id),
    finish: (userId, file, mimeType) => countUpload(mimeType, storeUpload(deps, userId, file)),
    discard: (userId, answer) => deleteOwnMedia(deps, userId, (answer as UploadAnswer).media.id),
  })
}
