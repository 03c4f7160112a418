/**
 * An in-memory tus 1.0.0 server behind a fetch function, for unit tests of the tus upload code (server-contract:
 * POST /api/media/tus with creation-with-upload, HEAD/PATCH/DELETE /api/media/tus/:uploadId,
 * GET /api/media/tus/:uploadId/result). It counts the body bytes the client pushes and can cut the connection after a
 * given number of them (keeping the bytes that arrived, as a real server does), lose a final answer, or refuse.
 */
import { paths, routeRegExp, routes } from '@contract/paths'

/** One upload as the fake server holds it: chunks as they arrived, offset their total. */
export type FakeUpload = {
  id: string
  length: number
  chunks: Uint8Array[]
  offset: number
  metadata: Record<string, string>
  result?: { status: number; body: string }
}

/** Options: cutsAt: totals of pushed body bytes at which a connection drops; refuse: a creation answer; final: the outcome of a complete upload. */
export type FakeTusOptions = {
  cutsAt?: number[]
  refuse?: { status: number; message: string }
  final?: (upload: FakeUpload) => { status: number; body: unknown }
  /** The final PATCH's answer is lost (the outcome is stored, the client gets a network error). */
  loseFinalAnswer?: boolean
  /** A finished upload no longer answers HEAD (404); its outcome stays at /result. */
  forgetFinished?: boolean
  /** How many times /result answers 202 (processing) before the outcome. */
  processingPolls?: number
}

const TUS = { 'Tus-Resumable': '1.0.0' }
const UPLOAD_PATH = routeRegExp(routes.mediaTusUpload)
const RESULT_PATH = routeRegExp(routes.mediaTusResult)

/** A base64 metadata value as text (tus encodes UTF-8). */
const fromBase64 = (value: string) => new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)))

/** The fake server: fetch to pass to the code under test, its uploads, the requests seen ('METHOD path') and pushedBytes. */
export function fakeTusServer(options: FakeTusOptions = {}) {
  const uploads = new Map<string, FakeUpload>()
  const requests: string[] = []
  const cuts = [...(options.cutsAt ?? [])]
  const state = { pushedBytes: 0 }
  let nextId = 1
  let processingPolls = options.processingPolls ?? 0

  /** Takes body's bytes into upload, dropping the connection at the next cut point (what arrived before it is kept). */
  async function receive(upload: FakeUpload, body: unknown): Promise<void> {
    if (!(body instanceof Blob)) return
    const bytes = new Uint8Array(await body.arrayBuffer())
    const cut = cuts[0]
    const arriving = cut !== undefined && state.pushedBytes + bytes.length > cut ? cut - state.pushedBytes : bytes.length
    upload.chunks.push(bytes.subarray(0, arriving))
    upload.offset += arriving
    state.pushedBytes += arriving
    if (arriving < bytes.length) {
      cuts.shift()
      throw new TypeError('Failed to fetch')
    }
  }

  /** The answer once upload holds all its bytes: the stored outcome (a 200 UploadAnswer by default). */
  function finish(upload: FakeUpload): Response {
    const outcome = options.final?.(upload) ?? {
      status: 200,
      body: { message: 'Upload successful', media: { id: 1, originalName: upload.metadata.filename } },
    }
    upload.result = { status: outcome.status, body: JSON.stringify(outcome.body) }
    if (options.loseFinalAnswer) throw new TypeError('Failed to fetch')
    return new Response(upload.result.body, {
      status: outcome.status,
      headers: { ...TUS, 'Upload-Offset': String(upload.offset), 'Content-Type': 'application/json' },
    })
  }

  const fetchImpl = async (input: string, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input))
    const method = init.method ?? 'GET'
    requests.push(`${method} ${url.pathname}`)
    const headers = new Headers(init.headers)
    const resultOf = RESULT_PATH.exec(url.pathname)?.[1]
    const upload = uploads.get(decodeURIComponent(resultOf ?? UPLOAD_PATH.exec(url.pathname)?.[1] ?? ''))
    if (method === 'POST' && url.pathname === paths.mediaTus()) {
      if (options.refuse) return Response.json({ message: options.refuse.message }, { status: options.refuse.status })
      const metadata = Object.fromEntries(
        (headers.get('Upload-Metadata') ?? '')
          .split(',')
          .map((pair) => pair.split(' '))
          .map(([k, v]) => [k, fromBase64(v ?? '')]),
      )
      const created: FakeUpload = { id: `u${nextId++}`, length: Number(headers.get('Upload-Length')), chunks: [], offset: 0, metadata }
      uploads.set(created.id, created)
      await receive(created, init.body)
      if (created.offset === created.length) return finish(created)
      return new Response(null, {
        status: 201,
        headers: { ...TUS, Location: paths.mediaTusUpload(created.id), 'Upload-Offset': String(created.offset) },
      })
    }
    if (resultOf && upload?.result && processingPolls > 0 && processingPolls--)
      return Response.json({ message: 'Processing' }, { status: 202 })
    if (resultOf)
      return upload?.result
        ? new Response(upload.result.body, { status: upload.result.status })
        : Response.json({ message: 'Not found' }, { status: 404 })
    if (!upload || (options.forgetFinished && upload.result)) return Response.json({ message: 'Not found' }, { status: 404 })
    if (method === 'HEAD')
      return new Response(null, {
        status: 200,
        headers: { ...TUS, 'Upload-Offset': String(upload.offset), 'Upload-Length': String(upload.length), 'Cache-Control': 'no-store' },
      })
    if (method === 'DELETE') return (uploads.delete(upload.id), new Response(null, { status: 204, headers: TUS }))
    if (method === 'PATCH') {
      if (Number(headers.get('Upload-Offset')) !== upload.offset) return Response.json({ message: 'Offset mismatch' }, { status: 409 })
      await receive(upload, init.body)
      if (upload.offset === upload.length) return finish(upload)
      return new Response(null, { status: 204, headers: { ...TUS, 'Upload-Offset': String(upload.offset) } })
    }
    return new Response(null, { status: 405 })
  }

  return { fetch: fetchImpl, uploads, requests, state }
}
