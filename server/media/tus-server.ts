/**
 * The tus side of resumable uploads (server/media/resumable-uploads.ts): @tus/server's Fetch-API handler with the
 * database locker, behind the policy's admission at creation, the type check of the first bytes, the checksum
 * extension and the finished upload's hand-over to the policy. Loaded on the first request to a resumable route only,
 * so a server that never sees one does not hold @tus/server.
 */
import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { ERRORS, Metadata, Server, type Upload } from '@tus/server'
import type { Deps } from '../core/deps'
import { IMAGE_TOO_LARGE, UNSUPPORTED_TYPE, VIDEO_TOO_LARGE, maxBytesFor, typeForFileName, type AcceptedType } from '../contract/media'
import { HttpError } from '../http/errors'
import { SNIFF_BYTES, sniffMediaType, wrongType } from './media-type'
import {
  answerResponse,
  checkHead,
  NO_SUCH_UPLOAD,
  ownRow,
  refusalAsError,
  spoolChecked,
  spoolStored,
  storedAnswer,
  TUS_HEADERS,
  UPLOAD_EXPIRED,
  UPLOAD_ID,
  withBody,
  type TusAnswer,
} from './tus-http'
import { resumableStoreId, resumableUrlId, type ResumableStore } from './tus-datastore'
import { createDatabaseLocker } from './tus-locker'
import type { ResumablePolicy } from './resumable-uploads'
import {
  findResumableUpload,
  insertResumableUpload,
  moveResumableUpload,
  saveResumableAnswer,
  type ResumableUploadRow,
} from '../repositories/resumable-uploads.repository'

/** What the tus handler works with: the policy, the datastore, the uploads' lifetime (ms), and how to remove an upload's bytes or forget it whole. */
export type TusParts = {
  policy: ResumablePolicy
  store: ResumableStore
  expiryMs: number
  removeBytes(id: string): Promise<void>
  forget(id: string): Promise<void>
}

/** Answers a tus request (POST creation; HEAD, PATCH, DELETE of uploadId) of ownerId from addressKey; throws HttpError for refusals. */
export type TusHandler = (request: Request, ownerId: number, addressKey: string, uploadId?: string) => Promise<Response>

/** The tus handler of parts on deps. */
export function createTusHandler(deps: Deps, { policy, store, expiryMs, removeBytes, forget }: TusParts): TusHandler {
  const creating = new WeakMap<Request, string>()

  /**
   * After tus has answered for upload id: its bytes are removed once its answer is stored (the media item holds its
   * own copy by then), and the whole upload once it was terminated while processed.
   */
  const settleAfterTus = async (id: string) => {
    const state = (await findResumableUpload(deps.db, id))?.state
    if (state === 'done') await removeBytes(id)
    if (state === 'terminated') await forget(id)
  }

  /** The final checks and the pipeline on a finished upload's bytes; answers the answer to store. */
  const finishUpload = async (row: ResumableUploadRow): Promise<TusAnswer> => {
    const file = await spoolStored(await store.read(resumableStoreId(row.id)), deps.tmpDir, row.fileName)
    try {
      return { status: 200, body: await policy.finish(row.userId, file, row.mimeType as AcceptedType) }
    } catch (e) {
      if (e instanceof HttpError) return { status: e.status, body: { message: e.message } }
      throw e
    } finally {
      await rm(file.tmpPath, { force: true })
    }
  }

  /**
   * tus's onUploadFinish: the one request that moves the upload from receiving to processing runs finishUpload and
   * stores its answer (the bytes are removed once tus has answered, since tus still reads them after this hook); a
   * request that comes while it runs is told 202, one after it gets the stored answer. An unexpected failure (the
   * database, the bucket) puts the upload back to receiving, so the last PATCH may be sent again. An upload terminated
   * while finishUpload ran keeps nothing: what the policy stored is discarded and the request answers 404 (the upload
   * itself is forgotten once tus has answered).
   */
  const onUploadFinish = async (request: Request, upload: Upload) => {
    const id = resumableUrlId(upload.id)
    const row = await findResumableUpload(deps.db, id)
    if (!row) throw { status_code: 404, body: NO_SUCH_UPLOAD }
    let answer: TusAnswer
    if (await moveResumableUpload(deps.db, id, 'receiving', 'processing')) {
      try {
        answer = await finishUpload(row)
      } catch (e) {
        await moveResumableUpload(deps.db, id, 'processing', 'receiving')
        throw e
      }
      if (!(await saveResumableAnswer(deps.db, id, 'processing', answer.status, JSON.stringify(answer.body)))) {
        if (answer.status < 400) await policy.discard(row.userId, answer.body)
        throw { status_code: 404, body: NO_SUCH_UPLOAD }
      }
      await policy.release(id)
    } else {
      answer = storedAnswer((await findResumableUpload(deps.db, id)) ?? row)
    }
    // A refusal goes back as text, which refusalAsError turns into the API's error answer.
    if (answer.status >= 400) return { status_code: answer.status, body: (answer.body as { message: string }).message }
    const created = request.method === 'POST' && answer.status === 200
    return {
      status_code: created ? 201 : answer.status,
      body: JSON.stringify(answer.body),
      headers: { 'Content-Type': 'application/json', ...(request.method === 'POST' ? { Location: `${policy.path}/${id}` } : {}) },
    }
  }

  const server = new Server({
    path: policy.path,
    datastore: store,
    locker: createDatabaseLocker(deps),
    maxSize: maxBytesFor('video/'),
    // Same origin only: no Access-Control-Allow-Origin header.
    allowedOrigins: [],
    namingFunction: (request) => {
      const id = creating.get(request as unknown as Request)
      if (!id) throw { status_code: 400, body: 'Create an upload with POST' }
      return resumableStoreId(id)
    },
    generateUrl: (_request, { path, id }) => `${path}/${resumableUrlId(id)}`,
    getFileIdFromRequest: (_request, lastPath) => (lastPath && UPLOAD_ID.test(lastPath) ? resumableStoreId(lastPath) : undefined),
    onUploadFinish: (request, upload) => onUploadFinish(request as unknown as Request, upload),
    // A lock not had in time: the client may try again (423 Locked, not tus's 500); a body that broke off: resume.
    onResponseError: (_request, error) => {
      if (error === ERRORS.ERR_LOCK_TIMEOUT) return { status_code: 423, body: 'This upload is busy with another request: try again' }
      if (error === ERRORS.ABORTED)
        return { status_code: 400, body: 'The upload stopped before its end: resume it from the offset HEAD answers' }
      return undefined
    },
  })

  /** The type check on the first bytes of an upload's body (at offset 0), before they are stored; a refusal ends the upload with that answer. */
  const typeCheckedBody = async (request: Request, row: Pick<ResumableUploadRow, 'id' | 'mimeType' | 'fileName' | 'size'>) => {
    if (!request.body) return request
    const want = Math.min(SNIFF_BYTES, row.size)
    const body = await checkHead(request.body, want, async (head) => {
      const actual = await sniffMediaType(head)
      if (actual === row.mimeType) return
      const refusal = wrongType(row.mimeType, actual, row.fileName)
      await removeBytes(row.id)
      await policy.release(row.id)
      await saveResumableAnswer(deps.db, row.id, 'receiving', refusal.status, JSON.stringify({ message: refusal.message }))
      throw refusal
    })
    return withBody(request, body)
  }

  const hasBody = (request: Request) => request.headers.get('content-type') === 'application/offset+octet-stream'

  /** The temp file holding request's body once verified against its Upload-Checksum (spoolChecked), or undefined without one. */
  const verifiedBody = async (request: Request, maxBytes: number) => {
    const checksum = hasBody(request) ? request.headers.get('upload-checksum') : null
    return checksum === null ? undefined : spoolChecked(checksum, request.body, deps.tmpDir, maxBytes)
  }

  /** POST: the declared type and size, the policy's admission (limits, quota hold), then tus's creation (with its first bytes, if any, checksum-verified and type-checked). */
  const create = async (request: Request, ownerId: number, addressKey: string) => {
    const { metadata, fileName, size } = creationOf(request)
    const mimeType = typeForFileName(fileName)
    if (!mimeType) throw new HttpError(415, UNSUPPORTED_TYPE)
    if (size > maxBytesFor(mimeType)) throw new HttpError(413, mimeType.startsWith('video/') ? VIDEO_TOO_LARGE : IMAGE_TOO_LARGE)
    if (size === 0) throw wrongType(mimeType, undefined, fileName)
    const id = randomBytes(16).toString('hex')
    const expiresAt = new Date(deps.clock.now().getTime() + expiryMs).toISOString()
    await policy.admit({ ownerId, addressKey, metadata, size, hold: { id, expiresAt } })
    let response: Response | undefined
    let checked: string | undefined
    try {
      await insertResumableUpload(deps.db, { id, userId: ownerId, fileName, mimeType, size, expiresAt })
      checked = await verifiedBody(request, size)
      const verified = checked ? withBody(request, Bun.file(checked).stream()) : request
      const tusRequest = hasBody(request) ? await typeCheckedBody(verified, { id, mimeType, fileName, size }) : withBody(request, null)
      creating.set(tusRequest, id)
      response = await server.handleWeb(tusRequest as never)
      await settleAfterTus(id)
      return response
    } finally {
      if (checked) await rm(checked, { force: true })
      if (!response || response.status >= 400) await forget(id)
    }
  }

  /** The row of ownerId's upload id, refusing an unknown, another owner's or a terminated one (404) and one past its expiry (410). */
  const ownUpload = async (ownerId: number, id: string) => {
    const row = ownRow(UPLOAD_ID.test(id) ? await findResumableUpload(deps.db, id) : undefined, ownerId)
    if (row.expiresAt <= deps.clock.now().toISOString()) throw new HttpError(410, UPLOAD_EXPIRED)
    return row
  }

  /**
   * HEAD, PATCH, DELETE of one upload: a finished one is answered from its row; a DELETE while its last bytes are
   * processed marks it terminated and answers 204 (the request processing it ends it); otherwise tus answers, after a
   * PATCH with Upload-Checksum is verified whole (tus checksum extension) and the first bytes are type-checked.
   */
  const existing = async (request: Request, ownerId: number, id: string): Promise<Response> => {
    if (!['HEAD', 'PATCH', 'DELETE'].includes(request.method))
      throw new HttpError(405, 'An upload answers HEAD, PATCH and DELETE', undefined, undefined, { Allow: 'HEAD, PATCH, DELETE' })
    const row = await ownUpload(ownerId, id)
    if (row.state === 'done') {
      if (request.method === 'DELETE') return (await forget(id), new Response(null, { status: 204, headers: TUS_HEADERS }))
      if (request.method === 'HEAD')
        return new Response(null, {
          status: 200,
          headers: { ...TUS_HEADERS, 'Upload-Offset': String(row.size), 'Upload-Length': String(row.size) },
        })
      await request.body?.cancel().catch(() => {})
      return answerResponse(storedAnswer(row))
    }
    if (row.state === 'processing' && request.method === 'DELETE') {
      if (await moveResumableUpload(deps.db, id, 'processing', 'terminated'))
        return new Response(null, { status: 204, headers: TUS_HEADERS })
      // Its processing ended meanwhile: answered as the upload now stands.
      return existing(request, ownerId, id)
    }
    const checked = request.method === 'PATCH' ? await verifiedBody(request, row.size) : undefined
    try {
      const verified = checked ? withBody(request, Bun.file(checked).stream()) : request
      const atStart = request.method === 'PATCH' && request.headers.get('upload-offset') === '0' && hasBody(request)
      const response = await server.handleWeb((atStart ? await typeCheckedBody(verified, row) : verified) as never)
      if (request.method === 'DELETE' && response.status === 204) await forget(id)
      else await settleAfterTus(id)
      return response
    } finally {
      if (checked) await rm(checked, { force: true })
    }
  }

  return async (request, ownerId, addressKey, uploadId) =>
    refusalAsError(uploadId === undefined ? await create(request, ownerId, addressKey) : await existing(request, ownerId, uploadId))
}

/** The metadata, file name and size a creation request declares; throws HttpError 400 for a missing or malformed one. */
function creationOf(request: Request): { metadata: Record<string, string | null>; fileName: string; size: number } {
  if (request.headers.get('upload-defer-length') !== null)
    throw new HttpError(400, 'Send Upload-Length: the size must be known when the upload is created')
  const length = request.headers.get('upload-length') ?? ''
  if (!/^\d{1,15}$/.test(length)) throw new HttpError(400, 'Upload-Length must be the file size in bytes')
  let metadata: Record<string, string | null> = {}
  try {
    metadata = Metadata.parse(request.headers.get('upload-metadata') ?? undefined) ?? {}
  } catch {
    throw new HttpError(400, 'Upload-Metadata must be comma-separated keys with base64 values')
  }
  return { metadata, fileName: (metadata.filename ?? '').slice(0, 255), size: Number(length) }
}
