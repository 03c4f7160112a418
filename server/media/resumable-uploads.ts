/**
 * Resumable uploads, tus 1.0 (docs/uploads.md): @tus/server's Fetch-API handler behind a policy that says who may
 * create an upload and what a finished one becomes (visitor uploads: server/features/media/media-tus.service.ts; the
 * admin's bucket uploads: server/features/admin-bucket/bucket-tus.service.ts). At creation the declared type and its
 * size limit are checked and the policy admits the upload (its limits, its quota hold) before a byte is stored; the
 * first bytes are type-checked as they arrive; the last PATCH hands the whole file to the policy and stores its answer,
 * so GET .../result can give it again. Another owner's upload is answered 404. Expired uploads lose their bytes in
 * cleanExpired, one instance at a time.
 */
import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { ERRORS, Server, type Upload } from '@tus/server'
import type { Deps } from '../core/deps'
import { IMAGE_TOO_LARGE, UNSUPPORTED_TYPE, VIDEO_TOO_LARGE, maxBytesFor, typeForFileName, type AcceptedType } from '../contract/media'
import { HttpError } from '../http/errors'
import { startJob } from '../http/job-lock'
import { SNIFF_BYTES, sniffMediaType, wrongType } from './media-type'
import {
  answerResponse,
  checkHead,
  creationOf,
  NO_SUCH_UPLOAD,
  refusalAsError,
  spoolChecked,
  spoolStored,
  TUS_HEADERS,
  TUS_VERSION,
  tusRefusal,
  UPLOAD_EXPIRED,
  UPLOAD_ID,
  UPLOAD_PROCESSING,
  UPLOAD_UNFINISHED,
  withBody,
  type TusAnswer,
} from './tus-http'
import { createResumableStore, resumableStoreId, resumableUrlId } from './tus-datastore'
import { createDatabaseLocker } from './tus-locker'
import type { SpooledFile } from './upload-stream'
import {
  deleteResumableUpload,
  findResumableUpload,
  insertResumableUpload,
  listExpiredResumableUploads,
  moveResumableUpload,
  saveResumableAnswer,
  type ResumableUploadRow,
} from '../repositories/resumable-uploads.repository'

/** Most expired uploads one cleanup pass removes per batch. */
const CLEANUP_BATCH = 100

/** What one kind of resumable upload decides. Owners are numbers: a visitor's user id, or 0 for the admin. */
export type ResumablePolicy = {
  /** The creation route (tus's path; each upload is `${path}/<id>`). */
  path: string
  /**
   * Admits a creation by ownerId from addressKey of size bytes with its Upload-Metadata, before anything is stored:
   * checks and counts what it must and reserves quota under hold (the upload's id and expiry, ISO-8601). Throws
   * HttpError to refuse.
   */
  admit(creation: {
    ownerId: number
    addressKey: string
    metadata: Record<string, string | null>
    size: number
    hold: { id: string; expiresAt: string }
  }): Promise<void>
  /** Gives back what admit reserved for upload id (when it finishes, is terminated or expires). */
  release(id: string): Promise<void>
  /** Stores the finished file of ownerId (its type named by its file name, mimeType); answers the success body, throws HttpError for a refusal. */
  finish(ownerId: number, file: SpooledFile, mimeType: AcceptedType): Promise<unknown>
}

/** The resumable uploads of one policy. */
export type ResumableUploads = {
  /** Answers a tus request (POST creation; HEAD, PATCH, DELETE of uploadId) of ownerId from addressKey. Throws HttpError (with the tus headers and `message`) for refusals. */
  handle(request: Request, ownerId: number, addressKey: string, uploadId?: string): Promise<Response>
  /** The stored answer of ownerId's upload uploadId (docs/uploads.md > Result): 200 and the policy's success body, 202 while processing; throws HttpError with the stored refusal, 409 while bytes are missing, 404 for an unknown or another owner's upload. */
  result(ownerId: number, uploadId: string): Promise<Response>
  /** Removes the bytes and rows of every upload past its expiry, of any policy (each release is by upload id); answers how many, 0 when another instance is cleaning. */
  cleanExpired(): Promise<number>
}

/** The resumable uploads of policy on deps. */
export function createResumableUploads(deps: Deps, policy: ResumablePolicy): ResumableUploads {
  const expiryMs = deps.config.resumableUploadExpiryHours * 3600 * 1000
  const store = createResumableStore(deps.config, expiryMs)
  const creating = new WeakMap<Request, string>()

  /** Removes an upload's bytes wherever they are; a store that has none already is fine. */
  const removeBytes = async (id: string) => {
    await store.remove(resumableStoreId(id)).catch(() => {})
    // S3: @tus/s3-store's remove aborts an unfinished multipart upload, but leaves the object of an incomplete last
    // part, and for a finished upload (nothing to abort) leaves every object.
    if (deps.config.storage.kind === 's3') {
      for (const suffix of ['', '.info', '.part']) await deps.storage.delete(`${resumableStoreId(id)}${suffix}`).catch(() => false)
    }
  }

  /** Removes the bytes of upload id when its answer is stored (the media item holds its own copy by then). */
  const removeBytesOnceDone = async (id: string) => {
    if ((await findResumableUpload(deps.db, id))?.state === 'done') await removeBytes(id)
  }

  /** Forgets an upload: its bytes, its quota hold and its row. */
  const forget = async (id: string) => {
    await removeBytes(id)
    await policy.release(id)
    await deleteResumableUpload(deps.db, id)
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
   * database, the bucket) puts the upload back to receiving, so the last PATCH may be sent again.
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
      await saveResumableAnswer(deps.db, id, answer.status, JSON.stringify(answer.body))
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
      await saveResumableAnswer(deps.db, row.id, refusal.status, JSON.stringify({ message: refusal.message }))
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
      await removeBytesOnceDone(id)
      return response
    } finally {
      if (checked) await rm(checked, { force: true })
      if (!response || response.status >= 400) await forget(id)
    }
  }

  /** The row of ownerId's upload id, refusing an unknown or another owner's one (404) and one past its expiry (410). */
  const ownUpload = async (ownerId: number, id: string) => {
    const row = UPLOAD_ID.test(id) ? await findResumableUpload(deps.db, id) : undefined
    if (!row || row.userId !== ownerId) throw new HttpError(404, NO_SUCH_UPLOAD)
    if (row.expiresAt <= deps.clock.now().toISOString()) throw new HttpError(410, UPLOAD_EXPIRED)
    return row
  }

  /**
   * HEAD, PATCH, DELETE of one upload: a finished one is answered from its row; otherwise tus answers, after a PATCH
   * with Upload-Checksum is verified whole (tus checksum extension) and the first bytes are type-checked.
   */
  const existing = async (request: Request, ownerId: number, id: string) => {
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
    // Its bytes are being read for the pipeline: they stay until its answer is stored.
    if (row.state === 'processing' && request.method === 'DELETE') throw new HttpError(409, UPLOAD_PROCESSING)
    const checked = request.method === 'PATCH' ? await verifiedBody(request, row.size) : undefined
    try {
      const verified = checked ? withBody(request, Bun.file(checked).stream()) : request
      const atStart = request.method === 'PATCH' && request.headers.get('upload-offset') === '0' && hasBody(request)
      const response = await server.handleWeb((atStart ? await typeCheckedBody(verified, row) : verified) as never)
      if (request.method === 'DELETE' && response.status === 204) await forget(id)
      else await removeBytesOnceDone(id)
      return response
    } finally {
      if (checked) await rm(checked, { force: true })
    }
  }

  return {
    async handle(request, ownerId, addressKey, uploadId) {
      try {
        if (request.headers.get('tus-resumable') !== TUS_VERSION) {
          throw new HttpError(412, `Send Tus-Resumable: ${TUS_VERSION}`, undefined, undefined, { 'Tus-Version': TUS_VERSION })
        }
        return await refusalAsError(
          uploadId === undefined ? await create(request, ownerId, addressKey) : await existing(request, ownerId, uploadId),
        )
      } catch (e) {
        throw e instanceof HttpError ? tusRefusal(e) : e
      }
    },
    async result(ownerId, uploadId) {
      const row = UPLOAD_ID.test(uploadId) ? await findResumableUpload(deps.db, uploadId) : undefined
      try {
        if (!row || row.userId !== ownerId) throw new HttpError(404, NO_SUCH_UPLOAD)
        return answerResponse(storedAnswer(row))
      } catch (e) {
        throw e instanceof HttpError ? tusRefusal(e) : e
      }
    },
    async cleanExpired() {
      let release: () => Promise<void>
      try {
        release = await startJob(deps, 'resumableCleanup')
      } catch (e) {
        if (e instanceof HttpError && e.status === 409) return 0
        throw e
      }
      let removed = 0
      try {
        for (;;) {
          const expired = await listExpiredResumableUploads(deps.db, deps.clock.now().toISOString(), CLEANUP_BATCH)
          for (const { id } of expired) await forget(id)
          removed += expired.length
          if (expired.length < CLEANUP_BATCH) return removed
        }
      } finally {
        await release()
      }
    },
  }
}

/** The answer a row holds: its stored answer once done, 202 while processing, 409 while bytes are missing. */
function storedAnswer(row: ResumableUploadRow): TusAnswer {
  if (row.state === 'done') return { status: row.answerStatus ?? 500, body: JSON.parse(row.answerBody ?? 'null') }
  return row.state === 'processing'
    ? { status: 202, body: { message: UPLOAD_PROCESSING } }
    : { status: 409, body: { message: UPLOAD_UNFINISHED } }
}

/** How often each instance looks for expired resumable uploads, ms. */
export const RESUMABLE_CLEANUP_INTERVAL_MS = 15 * 60 * 1000

/** Runs uploads.cleanExpired every RESUMABLE_CLEANUP_INTERVAL_MS (the timer does not keep the process alive); answers the function that stops it. */
export function scheduleResumableCleanup(uploads: ResumableUploads, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => void uploads.cleanExpired().catch(onError), RESUMABLE_CLEANUP_INTERVAL_MS)
  timer.unref()
  return () => clearInterval(timer)
}
