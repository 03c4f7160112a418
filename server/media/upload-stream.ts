/**
 * Streaming multipart reader for POST /api/media/upload (server-contract: Media and votes).
 * The file part is spooled to a temp file while its SHA-256 and size are computed and its first bytes kept for
 * type sniffing, so memory stays constant; crossing the size limit aborts at once with 413.
 */
import Busboy from 'busboy'
import { createHash, randomUUID } from 'node:crypto'
import { createWriteStream, type WriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { HttpError } from '../http/errors'
import { SNIFF_BYTES } from './media-type'
import { IMAGE_TOO_LARGE, MAX_VIDEO_BYTES, UNSUPPORTED_TYPE, VIDEO_TOO_LARGE, maxBytesFor, typeForFileName } from '../contract/media'

/** A spooled file part: tmpPath holds size bytes; head is its first bytes; sha256 is hex. */
export type SpooledFile = { tmpPath: string; size: number; sha256: string; head: Uint8Array; originalName: string }

/** A busboy parser for contentType; throws HttpError 400 when the header has no usable boundary (busboy throws then). */
function openMultipartParser(contentType: string) {
  try {
    return Busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fields: 20, fieldSize: 4096, fileSize: MAX_VIDEO_BYTES + 1 },
    })
  } catch (e) {
    throw new HttpError(400, `Malformed multipart body: ${(e as Error).message}`)
  }
}

/**
 * Reads a multipart request: returns its text fields and the one `file` part spooled under tmpDir.
 * Throws HttpError 400 (not multipart, no boundary, malformed, no file), 415 (extension not accepted), 413 (over the type's limit).
 * The caller removes file.tmpPath.
 */
export async function readMultipartUpload(
  request: Request,
  tmpDir: string,
): Promise<{ fields: Record<string, string>; file: SpooledFile }> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!contentType.startsWith('multipart/form-data') || !request.body)
    throw new HttpError(400, 'Send the file as multipart/form-data with fields file and userId')
  await mkdir(tmpDir, { recursive: true })
  const fields: Record<string, string> = {}
  const tmpPath = join(tmpDir, `upload-${randomUUID()}`)
  let file: SpooledFile | undefined
  try {
    const busboy = openMultipartParser(contentType)
    await new Promise<void>((resolve, reject) => {
      const source = Readable.fromWeb(request.body as never)
      let out: WriteStream | undefined
      let failed = false
      // Settles once busboy has closed and the temp file (if any) is flushed; any error anywhere rejects it.
      let pending = 1
      const settle = () => --pending === 0 && !failed && resolve()
      const fail = (error: unknown) => {
        if (failed) return
        failed = true
        source.unpipe(busboy)
        source.destroy()
        busboy.destroy()
        out?.destroy()
        reject(error)
      }
      const malformed = (e: Error) => fail(new HttpError(400, `Malformed multipart body: ${e.message}`))
      busboy.on('field', (name, value) => (fields[name] = value))
      busboy.on('file', (name, stream, info) => {
        stream.on('error', malformed)
        if (name !== 'file') return stream.resume()
        const type = typeForFileName(info.filename ?? '')
        if (!type) return fail(new HttpError(415, UNSUPPORTED_TYPE))
        const limit = maxBytesFor(type)
        const hash = createHash('sha256')
        const head: Buffer[] = []
        let size = 0
        let headSize = 0
        pending++
        out = createWriteStream(tmpPath, { mode: 0o600 })
        out.on('error', fail)
        out.on('finish', settle)
        stream.on('data', (chunk: Buffer) => {
          if (failed) return
          size += chunk.length
          if (size > limit) return fail(new HttpError(413, type.startsWith('video/') ? VIDEO_TOO_LARGE : IMAGE_TOO_LARGE))
          hash.update(chunk)
          if (headSize < SNIFF_BYTES) head.push(chunk), (headSize += chunk.length)
          if (!out!.write(chunk)) stream.pause(), out!.once('drain', () => stream.resume())
        })
        stream.on('end', () => {
          out!.end()
          file = {
            tmpPath,
            size,
            sha256: hash.digest('hex'),
            head: new Uint8Array(Buffer.concat(head).subarray(0, SNIFF_BYTES)),
            originalName: info.filename ?? '',
          }
        })
      })
      busboy.on('error', malformed)
      busboy.on('close', settle)
      source.on('error', (e) => fail(new HttpError(400, `Upload interrupted: ${e.message}`)))
      source.pipe(busboy)
    })
  } catch (e) {
    await rm(tmpPath, { force: true })
    throw e
  }
  if (!file) throw new HttpError(400, 'No file field in the upload')
  return { fields, file }
}
