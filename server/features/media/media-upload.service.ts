/**
 * Stores an uploaded file (server-contract: POST /api/media/upload): type from magic bytes agreeing with the
 * extension, SHA-256 duplicate check on the original bytes, then the media pipeline (stripped copy,
 * variants, poster, placeholder, all written before the answer) and a media row. An upload whose perceptual hash is
 * within NEAR_DUPLICATE_DISTANCE of an older item's is stored all the same, flagged for the admin (near_duplicate_of).
 */
import type { Deps } from '../../core/deps'
import { typeForFileName, type UploadAnswer } from '../../contract/media'
import { HttpError, NO_SESSION } from '../../http/errors'
import { isMissingReference } from '../../db/database'
import { deleteItemObjects, processMediaFile } from '../../media/pipeline/process-media'
import { PipelineBusyError, RefusedMediaError, UnreadableMediaError } from '../../media/pipeline/media-errors'
import { pipelineQueueFor } from '../../media/pipeline/pipeline-queue'
import { findMediaBySha256, insertMedia, type MediaRow } from '../../repositories/media.repository'
import { mediaLinks } from '../../media/media-url'
import { findNearestCopy } from '../../repositories/near-duplicates.repository'
import { newStorageKey, sniffMediaType, wrongType } from '../../media/media-type'
import type { SpooledFile } from '../../media/upload-stream'
import type { AnswerSlot } from '../../http/idempotency'

export const UPLOAD_SUCCESS_MESSAGE = 'Upload successful'
export const DUPLICATE_MESSAGE = 'This file has already been uploaded'

/** The 503 answer (with Retry-After) of a full pipeline queue. */
const busyAnswer = (e: PipelineBusyError) =>
  new HttpError(503, e.message, undefined, undefined, { 'Retry-After': String(e.retryAfterSeconds) })

/** Throws HttpError 503 with Retry-After when the pipeline queue is full now, so an upload is refused before its body is read. */
export function refuseUploadWhenBusy(deps: Deps): void {
  const refused = pipelineQueueFor(deps.config).refusal()
  if (refused) throw busyAnswer(refused)
}

/**
 * Checks, processes and stores a spooled upload for userId. Throws HttpError 415 (content is not the type its name
 * says, cannot be decoded, or a video codec the site does not serve), 413 (over a pipeline limit: frames, pixels),
 * 409 (identical file already stored), 503 with Retry-After (the pipeline queue is full), 401 (the user was deleted
 * while the file was processed; its objects are removed). Returns the 201 answer, stored under slot (an Idempotency-Key)
 * in the transaction of the media row. Does not remove file.tmpPath.
 */
export async function storeUpload(deps: Deps, userId: number, file: SpooledFile, slot: AnswerSlot | null = null): Promise<UploadAnswer> {
  const claimed = typeForFileName(file.originalName)!
  const actual = await sniffMediaType(file.head)
  if (actual !== claimed) throw wrongType(claimed, actual, file.originalName)
  if (await findMediaBySha256(deps.db, file.sha256)) throw new HttpError(409, DUPLICATE_MESSAGE)
  const now = deps.clock.now()
  const storageKey = newStorageKey(now, actual)
  let processed
  try {
    processed = await processMediaFile(deps, storageKey, actual, file.tmpPath, now, { itemStored: false, mayRefuse: true })
  } catch (e) {
    if (e instanceof UnreadableMediaError) throw new HttpError(415, `The file content is not a valid ${claimed} file`)
    if (e instanceof RefusedMediaError) throw new HttpError(e.status, e.message)
    if (e instanceof PipelineBusyError) throw busyAnswer(e)
    throw e
  }
  const nearest = await findNearestCopy(deps.db, { ...processed, mimeType: actual }, deps.config.nearDuplicateDistance)
  const answerOf = (row: MediaRow): UploadAnswer => ({
    message: UPLOAD_SUCCESS_MESSAGE,
    media: {
      id: row.id,
      mimeType: actual,
      originalName: row.originalName,
      size: row.size,
      width: row.width,
      height: row.height,
      ...mediaLinks(deps.config, row),
    },
  })
  const stored = slot ? (row: MediaRow) => ({ ...slot, status: 201, body: JSON.stringify(answerOf(row)) }) : undefined
  let row
  try {
    row = await insertMedia(
      deps.db,
      {
        userId,
        storageKey,
        originalName: file.originalName.slice(0, 255),
        mimeType: actual,
        size: file.size,
        sha256: file.sha256,
        uploadedAt: now.toISOString(),
        ...processed,
        nearDuplicateOf: nearest?.id ?? null,
      },
      stored,
    )
  } catch (e) {
    await deleteItemObjects(deps.storage, storageKey, processed.variants)
    if (await findMediaBySha256(deps.db, file.sha256)) throw new HttpError(409, DUPLICATE_MESSAGE)
    // The uploader was deleted while the file was processed: the same answer as a session gone before the upload.
    if (isMissingReference(e)) throw new HttpError(401, NO_SESSION)
    throw e
  }
  return answerOf(row)
}
