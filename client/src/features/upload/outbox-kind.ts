/**
 * The upload feature's offline kind (public-visitor §7 POST /api/media/upload multipart file + userId): 'upload'
 * stores the file as a Blob with its name and type and sends it as multipart; the window sends it with progress and a
 * sender holds it for UPLOAD_LEASE_MS. Registered with the outbox when this module loads; client/src/outbox-kinds.ts
 * loads it in the window and the service worker, so it stays small (no screen code).
 */
import { paths } from '@contract/paths'
import { registerOutboxKind } from '@client/lib/offline/outbox-kinds'

/** How long a sender holds an upload, ms (20 MB on a slow link). */
export const UPLOAD_LEASE_MS = 5 * 60 * 1000

/** A stored upload: the file's bytes, name and type, and the uploader. */
export type UploadPayload = { kind: 'upload'; userId: number; file: Blob; fileName: string; fileType: string }

/** Uploads: multipart form (userId, file), the most important refusal when several come at once. */
export const uploadKind = registerOutboxKind<UploadPayload>({
  kind: 'upload',
  request: (item) => {
    const form = new FormData()
    form.append('userId', String(item.userId))
    form.append('file', new File([item.file], item.fileName, { type: item.fileType }))
    return { url: paths.mediaUpload(), init: { body: form } }
  },
  leaseMs: UPLOAD_LEASE_MS,
  progress: true,
  report: (item) => ({ fileName: item.fileName }),
  drop: { title: 'Upload failed', fallback: 'Upload failed', rank: 0 },
})
