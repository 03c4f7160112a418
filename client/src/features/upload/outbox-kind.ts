/**
 * The upload feature's offline kind (public-visitor §7 POST /api/media/upload multipart file + userId; server-contract:
 * resumable uploads under /api/media/tus): 'upload' stores the file as a Blob with its name and type. A video or a file
 * over TUS_THRESHOLD_BYTES goes through tus (api/tus-upload.ts, loaded when the first one is sent: tus-js-client stays
 * out of the first load), and the upload's URL and the bytes the server
 * confirmed are saved with the item as they come, so any later send (after a dropped link, a reload, in the service
 * worker's Background Sync) resumes there; removing it terminates the upload on the server. Smaller photos go as the
 * spec's multipart POST, which the window sends with progress. Registered with the outbox when this module loads;
 * client/src/outbox-kinds.ts loads it in the window and the service worker, so it stays small (no screen code).
 */
import { MB } from '@contract/media'
import { paths } from '@contract/paths'
import { emitOutboxEvent } from '@client/lib/offline/outbox-events'
import { registerOutboxKind, type SendContext } from '@client/lib/offline/outbox-kinds'
import type { OutboxItem } from '@client/lib/offline/outbox-db'
import { classifyAnswer, type SendOutcome } from '@client/lib/offline/outbox-send'

/** How long a sender holds an upload, ms (20 MB on a slow link); a resumable upload renews it with every confirmed chunk. */
export const UPLOAD_LEASE_MS = 5 * 60 * 1000

/** Files larger than this (bytes) go through tus; so does every video. */
export const TUS_THRESHOLD_BYTES = 4 * MB

/** True when a file of fileType and size bytes goes through tus rather than POST /api/media/upload. */
export const sendsByTus = (fileType: string, size: number) => fileType.startsWith('video/') || size > TUS_THRESHOLD_BYTES

/** Where a resumable upload stands: its URL on the server and the bytes the server has confirmed. */
export type ResumableState = { url: string; offset: number }

/** A stored upload: the file's bytes, name and type, the uploader, and (sent through tus) where the upload stands. */
export type UploadPayload = { kind: 'upload'; userId: number; file: Blob; fileName: string; fileType: string; resumable?: ResumableState }

/** Per-file percent of size that offset bytes are, rounded down (100 only once all are confirmed). */
export const percentOf = (offset: number, size: number) => (size > 0 ? Math.floor((offset / size) * 100) : 0)

/**
 * Sends item through tus from where it stands, saving the upload's URL before more bytes go and each confirmed offset
 * (which also emits the progress, percent of confirmed bytes); the server's answer is classified as any upload's.
 */
async function sendResumable(item: OutboxItem<UploadPayload>, context: SendContext<UploadPayload>): Promise<SendOutcome> {
  const { sendTusUpload } = await import('./api/tus-upload')
  let url = item.resumable?.url
  const outcome = await sendTusUpload({
    file: item.file,
    fileName: item.fileName,
    fileType: item.fileType,
    userId: item.userId,
    url,
    signal: context.signal,
    fetch: context.fetch,
    onUrl: (next) => {
      const offset = next === item.resumable?.url ? item.resumable.offset : 0
      url = next
      return context.save({ resumable: { url: next, offset } })
    },
    onConfirmed: (offset, size) => {
      emitOutboxEvent({ type: 'progress', id: item.id, percent: percentOf(offset, size) })
      if (url) void context.save({ resumable: { url, offset } })
    },
  })
  if (outcome.type === 'answer') return classifyAnswer(outcome.answer, Date.now())
  return { type: 'retry', reason: outcome.type === 'retry' ? outcome.reason : 'Upload cancelled' }
}

/** Uploads: tus for videos and large files, else multipart form (userId, file); the most important refusal when several come at once. */
export const uploadKind = registerOutboxKind<UploadPayload>({
  kind: 'upload',
  request: (item) => {
    const form = new FormData()
    form.append('userId', String(item.userId))
    form.append('file', new File([item.file], item.fileName, { type: item.fileType }))
    return { url: paths.mediaUpload(), init: { body: form } }
  },
  send: (item, context) => (sendsByTus(item.fileType, item.file.size) ? sendResumable(item, context) : undefined),
  cancel: async (item) => {
    if (item.resumable) await (await import('./api/tus-upload')).terminateTusUpload(item.resumable.url)
  },
  leaseMs: UPLOAD_LEASE_MS,
  progress: true,
  report: (item) => ({ fileName: item.fileName }),
  drop: { title: 'Upload failed', fallback: 'Upload failed', rank: 0 },
})
