/**
 * Resumable uploads, tus 1.0 (docs/uploads.md): @tus/server's Fetch-API handler behind a policy that says who may
 * create an upload and what a finished one becomes (visitor uploads: server/features/media/media-tus.service.ts; the
 * admin's bucket uploads: server/features/admin-bucket/bucket-tus.service.ts). At creation the declared type and its
 * size limit are checked and the policy admits the upload (its limits, its quota hold) before a byte is stored; the
 * first bytes are type-checked as they arrive; the last PATCH hands the whole file to the policy and stores its answer,
 * so GET .../result can give it again. Another owner's upload is answered 404. Expired uploads lose their bytes in
 * cleanExpired, one instance at a time. @tus/server (server/media/tus-server.ts) and the datastore load on first use:
 * the tus handler on the first tus request, the datastore then or when the cleanup finds an expired upload.
 */
import type { Deps } from '../core/deps'
import { logger } from '../core/log'
import type { AcceptedType } from '../contract/media'
import { HttpError } from '../http/errors'
import { startJob } from '../http/job-lock'
import { answerResponse, ownRow, storedAnswer, TUS_VERSION, tusRefusal, UPLOAD_ID } from './tus-http'
import type { TusHandler } from './tus-server'
import type { SpooledFile } from './upload-stream'
import { deleteResumableUpload, findResumableUpload, listExpiredResumableUploads } from '../repositories/resumable-uploads.repository'

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
  /** Removes what finish stored for ownerId (answer: its success body), when the upload was terminated while finish ran. */
  discard(ownerId: number, answer: unknown): Promise<void>
}

/** The resumable uploads of one policy. */
export type ResumableUploads = {
  /**
   * Answers a tus request (POST creation; HEAD, PATCH, DELETE of uploadId) of ownerId from addressKey. Throws HttpError
   * (with the tus headers and `message`) for refusals. A DELETE while the last bytes are processed answers 204 at once
   * and the upload ends when the processing does, without what it stored (docs/uploads.md).
   */
  handle(request: Request, ownerId: number, addressKey: string, uploadId?: string): Promise<Response>
  /** The stored answer of ownerId's upload uploadId (docs/uploads.md > Result): 200 and the policy's success body, 202 while processing; throws HttpError with the stored refusal, 409 while bytes are missing, 404 for an unknown or another owner's upload. */
  result(ownerId: number, uploadId: string): Promise<Response>
  /** Removes the bytes and rows of every upload past its expiry, of any policy (each release is by upload id); answers how many, 0 when another instance is cleaning. */
  cleanExpired(): Promise<number>
}

/** The 503 message while the tus handler cannot be built (its modules or its datastore failed to load). */
export const RESUMABLE_UNAVAILABLE = 'Resumable uploads are unavailable on this server right now: try again in a moment'

/** Answers load's promise, one for all concurrent callers; a rejected one is not kept, so the next call loads again. */
function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () =>
    (loading ??= load().catch((e) => {
      loading = undefined
      throw e
    }))
}

/** The resumable uploads of policy on deps. */
export function createResumableUploads(deps: Deps, policy: ResumablePolicy): ResumableUploads {
  const expiryMs = deps.config.resumableUploadExpiryHours * 3600 * 1000
  const datastore = loadOnce(async () => {
    const { createResumableStore, resumableStoreId } = await import('./tus-datastore')
    return { store: createResumableStore(deps.config, expiryMs), storeId: resumableStoreId }
  })

  /** Removes an upload's bytes wherever they are; a store that has none already is fine. */
  const removeBytes = async (id: string) => {
    const { store, storeId } = await datastore()
    await store.remove(storeId(id)).catch(() => {})
    // S3: @tus/s3-store's remove aborts an unfinished multipart upload, but leaves the object of an incomplete last
    // part, and for a finished upload (nothing to abort) leaves every object.
    if (deps.config.storage.kind === 's3') {
      for (const suffix of ['', '.info', '.part']) await deps.storage.delete(`${storeId(id)}${suffix}`).catch(() => false)
    }
  }

  /** Forgets an upload: its bytes, its quota hold and its row. */
  const forget = async (id: string) => {
    await removeBytes(id)
    await policy.release(id)
    await deleteResumableUpload(deps.db, id)
  }

  const handler = loadOnce(async (): Promise<TusHandler> => {
    const { createTusHandler } = await import('./tus-server')
    const { store } = await datastore()
    return createTusHandler(deps, { policy, store, expiryMs, removeBytes, forget })
  })

  /** The tus handler, built on the first call; HttpError 503 while it cannot be built. */
  const tus = () =>
    handler().catch((e) => {
      logger.error({ problem: (e as Error).message }, 'resumable uploads unavailable')
      throw new HttpError(503, RESUMABLE_UNAVAILABLE)
    })

  return {
    async handle(request, ownerId, addressKey, uploadId) {
      try {
        if (request.headers.get('tus-resumable') !== TUS_VERSION) {
          throw new HttpError(412, `Send Tus-Resumable: ${TUS_VERSION}`, undefined, undefined, { 'Tus-Version': TUS_VERSION })
        }
        return await (await tus())(request, ownerId, addressKey, uploadId)
      } catch (e) {
        throw e instanceof HttpError ? tusRefusal(e) : e
      }
    },
    async result(ownerId, uploadId) {
      const row = UPLOAD_ID.test(uploadId) ? await findResumableUpload(deps.db, uploadId) : undefined
      try {
        return answerResponse(storedAnswer(ownRow(row, ownerId)))
      } catch (e) {
        throw e instanceof HttpError ? tusRefusal(e) : e
      }
    },
    // Reads the database before anything else: a site with no expired upload loads neither tus nor its datastore.
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

/** How often each instance looks for expired resumable uploads, ms. */
export const RESUMABLE_CLEANUP_INTERVAL_MS = 15 * 60 * 1000

/** Runs uploads.cleanExpired every RESUMABLE_CLEANUP_INTERVAL_MS (the timer does not keep the process alive); answers the function that stops it. */
export function scheduleResumableCleanup(uploads: ResumableUploads, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => void uploads.cleanExpired().catch(onError), RESUMABLE_CLEANUP_INTERVAL_MS)
  timer.unref()
  return () => clearInterval(timer)
}
