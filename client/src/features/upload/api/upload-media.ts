/**
 * Uploads through the offline outbox (public-visitor §7 POST /api/media/upload multipart file + userId, §8 inline
 * upload errors): the file is stored in IndexedDB as a Blob with its name and type under the queue item's
 * id (the Idempotency-Key), then sent by the outbox, with progress while the window sends it.
 */
import type { DropReport } from '@client/lib/offline/outbox-db'
import { enqueueOutbox } from '@client/lib/offline/outbox'
import type { UploadPayload } from '../outbox-kind'

/** Stores file for userId in the outbox under id; resolves once stored. Rejects when IndexedDB fails (e.g. storage full). */
export const queueUpload = (file: File, userId: number, id: string) =>
  enqueueOutbox<UploadPayload>({ kind: 'upload', userId, file, fileName: file.name, fileType: file.type }, id)

/** The inline message of a refused upload: the server's error/message, else 'Upload failed with status {code}' (public-visitor §8). */
export const uploadDropMessage = (report: DropReport) =>
  report.serverMessage ?? (report.status ? `Upload failed with status ${report.status}` : 'Upload failed')
