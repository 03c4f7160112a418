/**
 * Helpers for the resumable upload tests (tus 1.0 on /api/media/tus): requests with a streamed body through app.handle,
 * Upload-Metadata, a video of any size built from a fixture, and a body whose connection breaks part-way.
 */
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { paths } from '@contract/paths'
import { FIXTURES_DIR } from './builders'
import { checkAnswer } from './contract'

type AnyApp = { handle(request: Request): Promise<Response> }

/** The Upload-Metadata header: each key with its base64 value. */
export const tusMetadata = (fields: Record<string, string | number>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(String(v)).toString('base64')}`)
    .join(',')

/** Options of tusCall: the session cookie, more headers, and a body (bytes or a stream, sent as application/offset+octet-stream). */
export type TusCallOptions = { cookie?: string; headers?: Record<string, string>; body?: Uint8Array | ReadableStream<Uint8Array> }

/**
 * Runs a tus request through app.handle as the app's own page would send it (Sec-Fetch-Site: same-origin,
 * Tus-Resumable: 1.0.0). Answers status, headers, parsed JSON (when JSON; checked against the route's schema) and text.
 */
export async function tusCall(app: AnyApp, method: string, path: string, opts: TusCallOptions = {}) {
  const headers: Record<string, string> = { 'sec-fetch-site': 'same-origin', 'tus-resumable': '1.0.0', ...opts.headers }
  if (opts.cookie) headers.cookie = opts.cookie
  if (opts.body && !headers['content-type']) headers['content-type'] = 'application/offset+octet-stream'
  for (const [k, v] of Object.entries(headers)) if (v === '') delete headers[k]
  const res = await app.handle(new Request(`http://localhost${path}`, { method, headers, body: opts.body, duplex: 'half' } as RequestInit))
  const text = await res.text()
  const json = res.headers.get('content-type')?.startsWith('application/json') && text ? JSON.parse(text) : undefined
  if (json !== undefined) checkAnswer(app, method, path, res.status, json)
  return { status: res.status, headers: res.headers, json, text }
}

/** Creates an upload of size bytes named fileName for visitor; answers the creation's answer and the upload's path (from Location). */
export async function createTusUpload(
  app: AnyApp,
  visitor: { user: { id: number }; cookie: string },
  fileName: string,
  size: number,
  opts: TusCallOptions = {},
) {
  const r = await tusCall(app, 'POST', paths.mediaTus(), {
    cookie: visitor.cookie,
    ...opts,
    headers: {
      'upload-length': String(size),
      'upload-metadata': tusMetadata({ filename: fileName, filetype: 'video/mp4', userId: visitor.user.id }),
      ...opts.headers,
    },
  })
  return { ...r, path: r.headers.get('location') ?? '' }
}

/**
 * An MP4 of exactly size bytes: a fixture video followed by a top-level `free` box of random bytes, which every
 * reader skips; so it is a valid video whose SHA-256 is new each time.
 */
export async function paddedVideo(size: number, fixture = 'kite-sky-portrait.mp4'): Promise<Uint8Array<ArrayBuffer>> {
  const video = await Bun.file(join(FIXTURES_DIR, fixture)).bytes()
  const pad = size - video.length
  const box = new Uint8Array(pad)
  new DataView(box.buffer).setUint32(0, pad)
  box.set(new TextEncoder().encode('free'), 4)
  box.set(randomBytes(pad - 8), 8)
  const out = new Uint8Array(size)
  out.set(video)
  out.set(box, video.length)
  return out
}

/** A body that sends bytes in chunks of chunkSize and, after cutAt bytes, fails as a dropped connection does. */
export function cutBody(bytes: Uint8Array, cutAt: number, chunkSize = 256 * 1024): ReadableStream<Uint8Array> {
  let sent = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= cutAt) return controller.error(new Error('connection reset'))
      const end = Math.min(sent + chunkSize, cutAt)
      controller.enqueue(bytes.slice(sent, end))
      sent = end
    },
  })
}
