/**
 * Resumable uploads over tus 1.0.0 (server-contract: POST /api/media/tus, HEAD/PATCH/DELETE
 * /api/media/tus/:uploadId, GET /api/media/tus/:uploadId/result) through tus-js-client. Which uploads go this way is
 * the upload kind's rule (sendsByTus in ../outbox-kind.ts), which loads this module only when one does. The file goes in
 * chunks of TUS_CHUNK_BYTES, so a dropped connection re-sends at most one chunk: the upload's URL is handed to the
 * caller (the outbox stores it with the file) before more bytes go, and a later send resumes at the offset the
 * server answers to HEAD. No DOM API: the window and the service worker both send with it.
 */
import { DetailedError, Upload } from 'tus-js-client'
import { MB } from '@contract/media'
import { paths } from '@contract/paths'
import { parseJsonBody } from '@client/lib/api-client'
import type { RawAnswer } from '@client/lib/offline/outbox-send'
import { blobFileReader, fetchHttpStack, type FetchLike } from './tus-transport'

/** Bytes per PATCH: what a dropped connection can cost again. */
export const TUS_CHUNK_BYTES = MB
/** How often the stored outcome is asked for while the server still processes the file (202), ms. */
export const RESULT_POLL_MS = 1000
/** At most how many times one send asks for it; past them the outbox retries later. */
export const RESULT_POLLS = 60
/** tus-js-client's own retries after a dropped connection, ms; each chunk the server confirms starts them over. Past them the outbox's backoff takes over. */
export const TUS_RETRY_DELAYS_MS = [0, 1000, 3000]

/**
 * How a tus send ended. answer: the server's last word on the upload (the final answer with the UploadAnswer, the
 * stored outcome, or a refusal with its status and {message}); retry: no final word yet (no answer came, or the file
 * is still being processed); cancelled: the caller aborted it or dropped the item meanwhile.
 */
export type TusOutcome = { type: 'answer'; answer: RawAnswer } | { type: 'retry'; reason: string } | { type: 'cancelled' }

/** Options of sendTusUpload. */
export type TusUploadOptions = {
  file: Blob
  fileName: string
  fileType: string
  /** The visitor's own id, sent as the userId metadata. */
  userId: number
  /** The upload's URL from an earlier send, to resume; absent: a new upload is created. */
  url?: string
  /** Stores the upload's URL before more bytes go; false when the item is gone (cancelled): the upload is then terminated. */
  onUrl(url: string): Promise<boolean>
  /** Bytes of the file the server has confirmed, and the file's size. */
  onConfirmed(offset: number, size: number): void
  /** Aborting it stops the upload where it is (resumable later; see terminateTusUpload to remove it). */
  signal?: AbortSignal
  /** Origin the API paths are resolved against; default: this context's (window or service worker). */
  origin?: string
  /** What requests go through; default: the global fetch. */
  fetch?: FetchLike
}

/** The message of a send that got no answer (public-visitor §8 inline upload errors). */
export const NETWORK_ERROR = 'Network error during upload'

/** An HTTP answer (status, body text, Retry-After) as the outbox classifies it. */
const rawAnswer = (status: number, text: string, retryAfter?: string | null): RawAnswer => ({ status, text, statusText: '', retryAfter })

/** The upload id at the end of an upload URL. */
const uploadIdOf = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '')

/** GET the stored outcome of the upload at url once: its answer (202 processing, 404 unknown, 409 unfinished), or retry when none came. */
async function fetchResult(url: string, origin: string, fetchImpl: FetchLike): Promise<TusOutcome> {
  try {
    const res = await fetchImpl(new URL(paths.mediaTusResult(uploadIdOf(url)), origin).href, { credentials: 'same-origin' })
    return { type: 'answer', answer: rawAnswer(res.status, await res.text(), res.headers.get('Retry-After')) }
  } catch {
    return { type: 'retry', reason: NETWORK_ERROR }
  }
}

/** Resolves after ms, or at once when signal aborts. */
const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
  })

/** The outcome of a finished upload at url, asked again every RESULT_POLL_MS while the server answers 202 (processing). */
async function awaitResult(url: string, o: TusUploadOptions, origin: string, fetchImpl: FetchLike): Promise<TusOutcome> {
  for (let poll = 0; poll < RESULT_POLLS; poll++) {
    const outcome = await fetchResult(url, origin, fetchImpl)
    if (outcome.type !== 'answer' || outcome.answer.status !== 202) return outcome
    await pause(RESULT_POLL_MS, o.signal)
    if (o.signal?.aborted) return { type: 'cancelled' }
  }
  return { type: 'retry', reason: 'The upload is still being processed' }
}

/**
 * Retries inside one send (from a fresh HEAD) when no answer came, the upload is locked for a moment (423), or the
 * offsets disagree (409: a request the browser replayed on a dropped connection), while the device is online. A
 * duplicate refused at the final PATCH (409) comes back too: the HEAD then finds the upload finished and its stored
 * outcome is fetched.
 */
function retryInSend(err: DetailedError): boolean {
  const status = err.originalResponse?.getStatus() ?? 0
  return (status === 0 || status === 409 || status === 423) && (typeof navigator === 'undefined' || navigator.onLine !== false)
}

/** One tus-js-client run from url (or a new upload); 'gone' when the server no longer knows url (HEAD 404/410). */
function runUpload(
  o: TusUploadOptions,
  url: string | undefined,
  origin: string,
  fetchImpl: FetchLike,
): Promise<TusOutcome | { type: 'gone' } | { type: 'done'; url: string; answer?: RawAnswer }> {
  return new Promise((resolve) => {
    const httpStack = fetchHttpStack(fetchImpl)
    const upload = new Upload(o.file, {
      endpoint: url ? null : new URL(paths.mediaTus(), origin).href,
      uploadUrl: url ?? null,
      chunkSize: TUS_CHUNK_BYTES,
      uploadDataDuringCreation: true,
      retryDelays: TUS_RETRY_DELAYS_MS,
      metadata: { filename: o.fileName, filetype: o.fileType, userId: String(o.userId) },
      httpStack,
      fileReader: blobFileReader,
      // The caller keeps the URL with its own record: tus-js-client's URL storage is that record, reached through
      // onUrl, and its "fingerprint" only has to be non-empty for it to be used.
      fingerprint: async () => 'outbox-item',
      urlStorage: {
        async addUpload(_fingerprint, previous) {
          if (previous.uploadUrl && !(await o.onUrl(previous.uploadUrl))) {
            await upload.abort(true).catch(() => undefined)
            resolve({ type: 'cancelled' })
          }
          return 'outbox-item'
        },
        removeUpload: async () => undefined,
        findAllUploads: async () => [],
        findUploadsByFingerprint: async () => [],
      },
      onShouldRetry: retryInSend,
      onChunkComplete: (_chunk, accepted, total) => o.onConfirmed(accepted, total),
      onSuccess({ lastResponse }) {
        const text = lastResponse.getBody() ?? ''
        const body = parseJsonBody(text) as { media?: unknown } | undefined
        // The last PATCH (or a creation that carried the whole file) answers the UploadAnswer; a HEAD that finds the
        // upload complete, or a 202 while another request's bytes are processed, carries none.
        resolve({ type: 'done', url: upload.url!, answer: body?.media ? rawAnswer(lastResponse.getStatus(), text) : undefined })
      },
      onError(err) {
        if (!(err instanceof DetailedError)) return resolve({ type: 'retry', reason: err.message })
        const res = err.originalResponse
        if (!res) return resolve({ type: 'retry', reason: NETWORK_ERROR })
        const status = res.getStatus()
        if (err.originalRequest.getMethod() === 'HEAD' && (status === 404 || status === 410)) return resolve({ type: 'gone' })
        resolve({ type: 'answer', answer: rawAnswer(status, res.getBody() ?? '', res.getHeader('Retry-After')) })
      },
    })
    o.signal?.addEventListener(
      'abort',
      () => {
        resolve({ type: 'cancelled' })
        void upload.abort(false)
      },
      { once: true },
    )
    if (o.signal?.aborted) resolve({ type: 'cancelled' })
    else upload.start()
  })
}

/**
 * Sends o.file over tus, resuming at o.url when given, and resolves with the server's last word (see TusOutcome);
 * never rejects. A stored URL the server no longer takes (404, or 410 expired) is looked up for a stored outcome
 * first (the upload may have finished with its answer lost), and only when there is none (404, or 409 unfinished) is
 * the file sent again as a new upload.
 */
export async function sendTusUpload(o: TusUploadOptions): Promise<TusOutcome> {
  const fetchImpl = o.fetch ?? ((url, init) => fetch(url, init))
  const origin = o.origin ?? globalThis.location.origin
  let url = o.url
  for (;;) {
    const run = await runUpload(o, url, origin, fetchImpl)
    if (run.type === 'done') return run.answer ? { type: 'answer', answer: run.answer } : awaitResult(run.url, o, origin, fetchImpl)
    if (run.type !== 'gone') return run
    const stored = await awaitResult(url!, o, origin, fetchImpl)
    if (stored.type !== 'answer' || (stored.answer.status !== 404 && stored.answer.status !== 409)) return stored
    url = undefined
  }
}

/** Removes the upload at url from the server (DELETE, 204); rejects when the server refuses or cannot be reached. */
export function terminateTusUpload(url: string, fetchImpl?: FetchLike): Promise<void> {
  return Upload.terminate(url, { httpStack: fetchHttpStack(fetchImpl), retryDelays: TUS_RETRY_DELAYS_MS })
}
