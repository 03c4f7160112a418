/**
 * A bucket object copied to a temp file in one read, for the bucket import and the media
 * reprocess, which run the pipeline on a local file. Its SHA-256 and size are taken on the way and its type is sniffed
 * from the first spooled bytes; an object whose first bytes are not accepted media is read no further.
 */
import { createHash, randomUUID } from 'node:crypto'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { AcceptedType } from '../contract/media'
import type { Storage } from '../storage/storage'
import { SNIFF_BYTES, sniffMediaType } from './media-type'

/**
 * A spooled object: path of the temp file; type sniffed from its first bytes (undefined when not accepted media,
 * and then the file holds only those bytes); size in bytes and sha256 (hex) of the whole object when type is set.
 */
export type SpooledObject = { path: string; type: AcceptedType | undefined; size: number; sha256: string }

/**
 * Copies the object at key into a temp file under deps.tmpDir, runs use on it and removes the file (also when use or
 * the read fails). Answers use's answer, or undefined when no object has that key. A read failure propagates.
 */
export async function withSpooledObject<T>(
  deps: { storage: Storage; tmpDir: string },
  key: string,
  use: (file: SpooledObject) => Promise<T>,
): Promise<T | undefined> {
  const object = await deps.storage.get(key)
  if (!object) return undefined
  await mkdir(deps.tmpDir, { recursive: true })
  const path = join(deps.tmpDir, `spool-${randomUUID()}`)
  try {
    return await use({ path, ...(await spool(object.body, path)) })
  } finally {
    await rm(path, { force: true })
  }
}

/** Writes body to the file at path while hashing it and sniffing its head; stops (cancelling body) once the head is not media. The file is closed even when body fails. */
async function spool(body: ReadableStream<Uint8Array>, path: string): Promise<Omit<SpooledObject, 'path'>> {
  const hash = createHash('sha256')
  const sink = Bun.file(path).writer()
  const head: Uint8Array[] = []
  let size = 0
  let type: AcceptedType | undefined
  let sniffed = false
  try {
    for await (const chunk of body) {
      hash.update(chunk)
      sink.write(chunk)
      size += chunk.byteLength
      if (sniffed) continue
      head.push(chunk)
      if (size < SNIFF_BYTES) continue
      sniffed = true
      type = await sniffMediaType(Buffer.concat(head))
      if (!type) break
    }
  } finally {
    await sink.end()
  }
  if (!sniffed) type = await sniffMediaType(Buffer.concat(head))
  return { type, size, sha256: hash.digest('hex') }
}
