/** What an uploaded or imported file is and where it is stored: magic-byte sniffing and new storage keys (server-contract: POST /api/media/upload). */
import { randomUUID } from 'node:crypto'
import { ACCEPTED_TYPES, type AcceptedType } from '../contract/media'
import { HttpError } from '../http/errors'

/** How many leading bytes of a file are enough to sniff its type. */
export const SNIFF_BYTES = 4100

/** The accepted type named by the file's magic bytes (head: the first bytes of the file), or undefined. */
export async function sniffMediaType(head: Uint8Array): Promise<AcceptedType | undefined> {
  // Loaded on the first upload, so a server that only serves never holds file-type in memory; only its core, as
  // a buffer is all it reads (the package's Node entry adds the stream and file readers).
  const { fileTypeFromBuffer } = await import('file-type/core')
  const mime = (await fileTypeFromBuffer(head))?.mime
  return mime && mime in ACCEPTED_TYPES ? (mime as AcceptedType) : undefined
}

/** The storage key for a new object: media/YYYY/MM/<uuid>.<ext>, month in UTC. */
export const newStorageKey = (now: Date, type: AcceptedType) =>
  `media/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${ACCEPTED_TYPES[type][0]}`

/** The 415 refusal of a file named originalName (so claimed by its extension) whose magic bytes say actual (undefined: no accepted type). */
export const wrongType = (claimed: string, actual: string | undefined, originalName: string) =>
  new HttpError(
    415,
    actual
      ? `The file content is ${actual} but its name ends in .${originalName.split('.').pop()}`
      : `The file content is not a valid ${claimed} file`,
  )
