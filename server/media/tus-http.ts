/**
 * The HTTP side of resumable uploads (docs/uploads.md), shared by every policy of server/media/resumable-uploads.ts:
 * the tus version and messages, answers in the API's error shape and an upload's stored answer, the check of a body's
 * first bytes before they go on, and a finished upload's bytes spooled to a temp file. It imports nothing of tus, so
 * the routes answer stored results without loading it.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { Readable, Transform } from 'node:stream'
import { HttpError } from '../http/errors'
import { MAX_VIDEO_BYTES } from '../contract/media'
import { SNIFF_BYTES } from './media-type'
import type { SpooledFile } from './upload-stream'
import type { ResumableUploadRow } from '../repositories/resumable-uploads.repository'

/** The tus protocol version this server speaks. */
export const TUS_VERSION = '1.0.0'
/** The 404 message of an unknown, expired and removed, or someone else's upload. */
export const NO_SUCH_UPLOAD = 'No such upload'
/** The 409 message of GET .../result while bytes are missing. */
export const UPLOAD_UNFINISHED = 'This upload has not received all its bytes yet: resume it'
/** The 202 message of GET .../result (and of a repeated last PATCH) while the last bytes are being processed. */
export const UPLOAD_PROCESSING = 'This upload is being processed: ask again in a moment'
/** The 410 message of an upload past its expiry whose bytes are not removed yet. */
export const UPLOAD_EXPIRED = 'This upload has expired: start it again'
/** Upload ids are 32 lowercase hex digits. */
export const UPLOAD_ID = /^[0-9a-f]{32}$/

/** A stored or fresh answer: HTTP status and JSON body (an UploadAnswer; `{message}` for a refusal or while unfinished). */
export type TusAnswer = { status: number; body: unknown }

/** The tus headers of every answer of these routes. */
export const TUS_HEADERS = { 'Tus-Resumable': TUS_VERSION, 'Cache-Control': 'no-store' }

/** The tus extensions this server speaks (creation-defer-length is not one: the size must be known at creation). */
export const TUS_EXTENSIONS = ['creation', 'creation-with-upload', 'termination', 'expiration', 'checksum'] as const

/**
 * The tus discovery answer (OPTIONS on the creation URL, tus 1.0 core): 204 with Tus-Version, Tus-Extension,
 * Tus-Max-Size (bytes: the largest file any type may be) and Tus-Checksum-Algorithm. No CORS headers: the routes are
 * same-origin only, so another site's preflight gets nothing that lets its request through.
 */
export function tusOptions(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...TUS_HEADERS,
      'Tus-Version': TUS_VERSION,
      'Tus-Extension': TUS_EXTENSIONS.join(','),
      'Tus-Max-Size': String(MAX_VIDEO_BYTES),
      'Tus-Checksum-Algorithm': CHECKSUM_ALGORITHMS.join(','),
    },
  })
}

/**
 * The response of answer: a success as JSON; a refusal thrown as HttpError, so it has the API's error shape
 * ({error, message, requestId}) like every refusal of these routes.
 */
export function answerResponse(answer: TusAnswer): Response {
  const body = answer.body as { message?: string }
  if (answer.status >= 400) throw new HttpError(answer.status, body.message ?? `HTTP ${answer.status}`)
  return Response.json(answer.body, { status: answer.status, headers: TUS_HEADERS })
}

/** The tus library answers its own refusals in plain text; they are thrown here as HttpError with that text and the tus headers. */
export async function refusalAsError(response: Response): Promise<Response> {
  if (response.status < 400 || response.headers.get('content-type')?.includes('application/json')) return response
  const message = (await response.text()).trim() || `HTTP ${response.status}`
  const headers = Object.fromEntries([...response.headers].filter(([name]) => /^(tus-version|tus-max-size|upload-)/i.test(name)))
  throw new HttpError(response.status, message, undefined, undefined, headers)
}

/** e with the tus headers and its message also under `message` (the key an UploadAnswer's message has). */
export const tusRefusal = (e: HttpError) =>
  new HttpError(e.status, e.message, e.issues, { ...e.extra, message: e.message }, { ...TUS_HEADERS, ...e.headers })

/** The request with its body replaced by body (same method, URL and headers). */
export const withBody = (request: Request, body: ReadableStream<Uint8Array> | null) =>
  new Request(request.url, { method: request.method, headers: request.headers, body, duplex: 'half' } as RequestInit)

/**
 * Reads the first `want` bytes of body and passes them to check before any byte goes on; answers a stream of the
 * whole body. A body that ends sooner is passed on unchecked (the last PATCH checks the whole file). A body that
 * fails while its head is read throws HttpError 400; check's rejection is thrown after the body is cancelled.
 */
export async function checkHead(
  body: ReadableStream<Uint8Array>,
  want: number,
  check: (head: Uint8Array) => Promise<void>,
): Promise<ReadableStream<Uint8Array>> {
  const reader = body.getReader()
  const head: Uint8Array[] = []
  let size = 0
  let ended = false
  try {
    while (size < want) {
      const read = await reader.read()
      if (read.done) {
        ended = true
        break
      }
      head.push(read.value)
      size += read.value.byteLength
    }
  } catch (e) {
    throw new HttpError(400, `Upload interrupted: ${(e as Error).message}`)
  }
  if (size >= want) {
    try {
      await check(Buffer.concat(head))
    } catch (e) {
      await reader.cancel().catch(() => {})
      throw e
    }
  }
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk)
      if (ended) controller.close()
    },
    async pull(controller) {
      const read = await reader.read()
      if (read.done) controller.close()
      else controller.enqueue(read.value)
    },
    cancel: (reason) => reader.cancel(reason),
  })
}

/** Copies a store's bytes to a temp file under tmpDir while hashing them; answers the spooled file (the caller removes it). */
export async function spoolStored(source: Readable, tmpDir: string, originalName: string): Promise<SpooledFile> {
  await mkdir(tmpDir, { recursive: true })
  const tmpPath = join(tmpDir, `resumable-${randomBytes(16).toString('hex')}`)
  const hash = createHash('sha256')
  const head: Buffer[] = []
  let size = 0
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk)
      if (size < SNIFF_BYTES) head.push(chunk)
      size += chunk.length
      done(null, chunk)
    },
  })
  try {
    await pipeline(source, tap, createWriteStream(tmpPath, { mode: 0o600 }))
  } catch (e) {
    await rm(tmpPath, { force: true })
    throw e
  }
  return { tmpPath, size, sha256: hash.digest('hex'), head: new Uint8Array(Buffer.concat(head).subarray(0, SNIFF_BYTES)), originalName }
}

/** The algorithms of the tus checksum extension this server verifies (Upload-Checksum: <algorithm> <base64 digest>). */
export const CHECKSUM_ALGORITHMS = ['sha1', 'sha256', 'md5'] as const

/** The tus status of a body whose checksum differs from its Upload-Checksum. */
export const CHECKSUM_MISMATCH = 460

/**
 * A PATCH body checked against its Upload-Checksum header before a byte of it is stored: spooled to a new temp file
 * under tmpDir (at most maxBytes) while hashed. Answers the file's path (the caller removes it, and sends its bytes
 * on). Throws HttpError 400 for a malformed header, an unsupported algorithm or a body that breaks off, 413 past
 * maxBytes, 460 when the digest differs; the temp file is removed then.
 */
export async function spoolChecked(
  header: string,
  body: ReadableStream<Uint8Array> | null,
  tmpDir: string,
  maxBytes: number,
): Promise<string> {
  const [algorithm, digest, ...rest] = header.trim().split(/\s+/)
  if (!(CHECKSUM_ALGORITHMS as readonly string[]).includes(algorithm) || !digest || rest.length || !/^[A-Za-z0-9+/]+={0,2}$/.test(digest)) {
    throw new HttpError(400, `Upload-Checksum must be one of ${CHECKSUM_ALGORITHMS.join(', ')} and a base64 digest`)
  }
  await mkdir(tmpDir, { recursive: true })
  const path = join(tmpDir, `checksum-${randomBytes(16).toString('hex')}`)
  const hash = createHash(algorithm)
  let size = 0
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      if (size > maxBytes) return done(new HttpError(413, 'The body is longer than the rest of the upload'))
      hash.update(chunk)
      done(null, chunk)
    },
  })
  try {
    try {
      await pipeline(Readable.fromWeb((body ?? new Blob([]).stream()) as never), tap, createWriteStream(path, { mode: 0o600 }))
    } catch (e) {
      throw e instanceof HttpError ? e : new HttpError(400, `Upload interrupted: ${(e as Error).message}`)
    }
    if (hash.digest('base64') !== digest)
      throw new HttpError(CHECKSUM_MISMATCH, 'Checksum mismatch: the body is not what Upload-Checksum says; nothing of it was stored')
    return path
  } catch (e) {
    await rm(path, { force: true })
    throw e
  }
}

/**
 * row when it is an upload of ownerId that still exists for its requests; otherwise (unknown, another owner's, or
 * terminated) throws HttpError 404 NO_SUCH_UPLOAD, so a stranger learns nothing of it.
 */
export function ownRow(row: ResumableUploadRow | undefined, ownerId: number): ResumableUploadRow {
  if (!row || row.userId !== ownerId || row.state === 'terminated') throw new HttpError(404, NO_SUCH_UPLOAD)
  return row
}

/** The answer a row holds: its stored answer once done, 202 while processing, 409 while bytes are missing. */
export function storedAnswer(row: ResumableUploadRow): TusAnswer {
  if (row.state === 'done') return { status: row.answerStatus ?? 500, body: JSON.parse(row.answerBody ?? 'null') }
  return row.state === 'processing'
    ? { status: 202, body: { message: UPLOAD_PROCESSING } }
    : { status: 409, body: { message: UPLOAD_UNFINISHED } }
}
