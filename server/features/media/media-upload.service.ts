/**
 * Stores an uploaded file (server-contract: POST /api/media/upload): type from magic bytes agreeing with the
 * extension, SHA-256 duplicate check, dimensions, then a streamed put into the bucket and a media row.
 */
import { fileTypeFromBuffer } from 'file-type'
import { imageSizeFromFile } from 'image-size/fromFile'
import { createFile, MP4BoxBuffer } from 'mp4box'
import { randomUUID } from 'node:crypto'
import type { Deps } from '../../deps'
import { ACCEPTED_TYPES, typeForFileName, type AcceptedType, type UploadAnswer } from '../../contract/media'
import { HttpError } from '../../http/errors'
import { findMediaBySha256, insertMedia } from './media.repo'
import { mediaUrl } from './media-url'
import type { SpooledFile } from './upload-stream'

export const UPLOAD_SUCCESS_MESSAGE = 'Upload successful'
export const DUPLICATE_MESSAGE = 'This file has already been uploaded'

/** The accepted type named by the file's magic bytes, or undefined. */
export async function sniffMediaType(head: Uint8Array): Promise<AcceptedType | undefined> {
  const mime = (await fileTypeFromBuffer(head))?.mime
  return mime && mime in ACCEPTED_TYPES ? (mime as AcceptedType) : undefined
}

/** Width and height in px: images by image-size, MP4 from its moov box (mp4box); nulls when unreadable. */
export async function readDimensions(path: string, type: AcceptedType): Promise<{ width: number | null; height: number | null }> {
  try {
    if (type !== 'video/mp4') {
      const size = await imageSizeFromFile(path)
      return { width: size.width ?? null, height: size.height ?? null }
    }
    const mp4 = createFile()
    let found: { width: number; height: number } | undefined
    mp4.onReady = (info) => {
      const track = info.videoTracks[0]
      if (track) found = { width: track.track_width, height: track.track_height }
    }
    let offset = 0
    for await (const chunk of Bun.file(path).stream()) {
      mp4.appendBuffer(MP4BoxBuffer.fromArrayBuffer(chunk.slice().buffer, offset))
      offset += chunk.byteLength
      if (found) break
    }
    mp4.flush()
    return found ?? { width: null, height: null }
  } catch {
    return { width: null, height: null }
  }
}

/** The storage key for a new object: media/YYYY/MM/<uuid>.<ext>. */
export const newStorageKey = (now: Date, type: AcceptedType) =>
  `media/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${ACCEPTED_TYPES[type][0]}`

/**
 * Checks and stores a spooled upload for userId. Throws HttpError 415 (content is not the type its name
 * says), 409 (identical file already stored). Returns the 201 answer. Does not remove file.tmpPath.
 */
export async function storeUpload(deps: Deps, userId: number, file: SpooledFile): Promise<UploadAnswer> {
  const claimed = typeForFileName(file.originalName)!
  const actual = await sniffMediaType(file.head)
  if (actual !== claimed) {
    throw new HttpError(415, actual ? `The file content is ${actual} but its name ends in .${file.originalName.split('.').pop()}` : `The file content is not a valid ${claimed} file`)
  }
  if (findMediaBySha256(deps.db, file.sha256)) throw new HttpError(409, DUPLICATE_MESSAGE)
  const { width, height } = await readDimensions(file.tmpPath, actual)
  const now = deps.clock.now()
  const storageKey = newStorageKey(now, actual)
  await deps.storage.put(storageKey, Bun.file(file.tmpPath).stream(), { size: file.size, contentType: actual })
  let row
  try {
    row = insertMedia(deps.db, { userId, storageKey, originalName: file.originalName.slice(0, 255), mimeType: actual, size: file.size, width, height, sha256: file.sha256, uploadedAt: now.toISOString() })
  } catch (e) {
    await deps.storage.delete(storageKey)
    if (findMediaBySha256(deps.db, file.sha256)) throw new HttpError(409, DUPLICATE_MESSAGE)
    throw e
  }
  return { message: UPLOAD_SUCCESS_MESSAGE, media: { id: row.id, url: mediaUrl(storageKey), mimeType: actual, originalName: row.originalName, size: row.size, width, height } }
}
