/**
 * The admin's resumable bucket uploads (docs/uploads.md > The CLI): tus 1.0 on /api/admin/bucket-upload/tus
 * (server/media/resumable-uploads.ts), behind the admin guard. What POST /api/admin/bucket-upload does with a
 * multipart file, this does with a finished upload: the same type and size rules, then the file is stored under
 * uploads/ for `hotvote import` and the answer is that route's BucketUploadAnswer (removed again when the upload was
 * terminated meanwhile). Admin uploads count against no
 * visitor limit; their owner is 0.
 */
import type { Deps } from '../../core/deps'
import { routes } from '../../contract/paths'
import { createResumableUploads, type ResumableUploads } from '../../media/resumable-uploads'
import { storeBucketUpload } from './admin-bucket.service'
import type { BucketUploadAnswer } from '../../contract/admin/bucket'

/** The owner of every admin upload (no user has id 0). */
export const ADMIN_OWNER = 0

/** The admin's resumable bucket uploads on deps. */
export function createBucketResumableUploads(deps: Deps): ResumableUploads {
  return createResumableUploads(deps, {
    path: routes.adminBucketTus,
    admit: async () => {},
    release: async () => {},
    finish: (_owner, file) => storeBucketUpload(deps, file),
    discard: async (_owner, answer) => void (await deps.storage.delete((answer as BucketUploadAnswer).key)),
  })
}
