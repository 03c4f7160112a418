/**
 * Request body limits: every request body is read through here before Elysia parses it.
 * A declared Content-Length over the route's limit is refused with 413 before a byte is read; a chunked body is
 * read only up to the limit, then the stream is cancelled and the answer is 413. Only the streaming upload routes
 * (STREAMED_PATHS) are left to their own streaming reader, which enforces the per-type upload limits as it goes.
 * Before any of that, refuseUnreadBody answers a declared length over the path's cap (413) and a body sent to a guarded
 * admin route without credentials (401) without reading a byte. Bun's own cap (SERVER_BODY_CAP_BYTES) is set out of the
 * way, so every refusal is JSON, never Bun's empty 413. Bun drains an unread body after the answer to keep the
 * connection alive; so that it never drains more than a route would take, the answer to a chunked body (no end known)
 * or to one declared over MAX_STREAMED_BODY_BYTES closes the connection instead.
 */
import { Elysia } from 'elysia'
import type { Deps } from '../core/deps'
import { HttpError } from './errors'
import { pathOf } from './url-path'
import { adminAuthRequired, hasAdminToken } from './admin-tokens'
import { isAdminApiPath, routeRegExp, routes } from '../contract/paths'

/** Largest body of a public JSON route, bytes. */
export const MAX_JSON_BODY_BYTES = 64 * 1024
/** Largest body of an admin JSON route, bytes: ad code up to 100,000 characters, delete lists of thousands of keys. */
export const MAX_ADMIN_BODY_BYTES = 1024 * 1024
/** Routes that stream their body to disk (media upload, admin bucket upload, resumable uploads); not buffered here. */
export const STREAMED_PATHS: readonly string[] = [
  routes.mediaUpload,
  routes.adminBucketUpload,
  routes.mediaTus,
  routes.mediaTusUpload,
  routes.adminBucketTus,
  routes.adminBucketTusUpload,
]
const STREAMED = STREAMED_PATHS.map(routeRegExp)
/** The declared body cap of the streamed routes, bytes: the largest upload (a 20 MB video) plus room for the multipart framing. */
export const MAX_STREAMED_BODY_BYTES = 21 * 1024 * 1024
/**
 * Bun's maxRequestBodySize, bytes: no cap of Bun's own. Bun answers a declared length over it with an empty 413 before
 * the app sees the request; refuseUnreadBody refuses every such body first, with JSON, and each reader caps a chunked one.
 */
export const SERVER_BODY_CAP_BYTES = Number.MAX_SAFE_INTEGER
/** The 413 message of an oversized body. */
export const BODY_TOO_LARGE = 'Request body too large'
/** Deepest nesting of arrays and objects a JSON body may have; every body of the API is at most three levels deep. */
export const MAX_JSON_DEPTH = 32

/**
 * True when the JSON text nests arrays or objects deeper than max (brackets inside strings do not count). Checked
 * before parsing: a body of 20,000 nested brackets would otherwise cost seconds in the validator's error message.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === '[' || c === '{') {
      if (++depth > max) return true
    } else if (c === ']' || c === '}') depth--
  }
  return false
}

/** The body limit of a path in bytes, or undefined for a streamed route. */
export function bodyLimitFor(path: string): number | undefined {
  if (STREAMED.some((pattern) => pattern.test(path))) return undefined
  return isAdminApiPath(path) ? MAX_ADMIN_BODY_BYTES : MAX_JSON_BODY_BYTES
}

/** The admin routes behind the guard: every admin API path but the open login and logout. */
const isGuardedAdminPath = (path: string) => isAdminApiPath(path) && path !== routes.adminLogin && path !== routes.adminLogout

/** True for a request with a body of no declared length (chunked): its end is unknown, so it is never drained. */
export const isChunked = (request: Request) => request.body !== null && request.headers.get('content-length') === null

/**
 * An onRequest check, before a byte of the body is read: a body (declared or chunked) sent to a guarded admin route
 * with neither a live admin token cookie nor Basic credentials is answered 401, and a declared Content-Length over the
 * path's cap (bodyLimitFor, MAX_STREAMED_BODY_BYTES for a streamed route) 413; a body declared over
 * MAX_STREAMED_BODY_BYTES is not drained: the answer closes the connection. Credentials that are present are checked
 * by the admin guard as usual. chunked: isChunked(request). A request without a body (most of them) is passed at once,
 * without a promise; otherwise the answer is a promise that rejects with the refusal as an HttpError.
 */
export function refuseUnreadBody(deps: Deps, request: Request, chunked: boolean): Promise<void> | undefined {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (!(declared > 0) && !chunked) return undefined
  return refuseBody(deps, request, declared)
}

/** refuseUnreadBody for a request with a body of declared (0: chunked) bytes. */
async function refuseBody(deps: Deps, request: Request, declared: number): Promise<void> {
  const path = pathOf(request.url)
  const close: Record<string, string> = declared > MAX_STREAMED_BODY_BYTES ? { Connection: 'close' } : {}
  const credentialed = async () =>
    /^basic /i.test(request.headers.get('authorization') ?? '') || (await hasAdminToken(deps, request.headers.get('cookie')))
  if (isGuardedAdminPath(path) && !(await credentialed())) {
    throw adminAuthRequired(request, close)
  }
  if (declared > (bodyLimitFor(path) ?? MAX_STREAMED_BODY_BYTES)) throw new HttpError(413, BODY_TOO_LARGE, undefined, undefined, close)
}

/** The whole body of request as bytes; throws HttpError 413 once it is known to exceed max bytes (the rest is never read). */
export async function readBodyCapped(request: Request, max: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? NaN)
  if (declared > max) throw new HttpError(413, BODY_TOO_LARGE)
  // A declared length within the limit bounds the body (HTTP framing): read it in one native call.
  if (declared <= max) return Buffer.from(await request.arrayBuffer())
  if (!request.body) return Buffer.alloc(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength
    if (size > max) {
      await reader.cancel().catch(() => {})
      throw new HttpError(413, BODY_TOO_LARGE)
    }
    chunks.push(read.value)
  }
  return Buffer.concat(chunks)
}

/**
 * Parses bytes as Elysia would for a content type (without parameters; header: the full Content-Type):
 * JSON (refused with HttpError 400 past MAX_JSON_DEPTH levels), text, urlencoded (last value wins), multipart or raw bytes. An empty JSON body is undefined, which leaves
 * Elysia's own handling of a missing body (400 unless the body is optional).
 */
async function parseBody(bytes: Buffer, contentType: string, header: string): Promise<unknown> {
  const text = new TextDecoder().decode(bytes)
  if (contentType === 'application/json') {
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) throw new HttpError(400, `JSON body nested deeper than ${MAX_JSON_DEPTH} levels`)
    return text.trim() ? JSON.parse(text) : undefined
  }
  if (contentType === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(text))
  if (contentType.startsWith('text/')) return text
  if (contentType === 'multipart/form-data')
    return Object.fromEntries(await new Response(new Uint8Array(bytes), { headers: { 'content-type': header } }).formData())
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
}

/**
 * The body check of the app's onRequest hook, on every request: `Connection: close` on the answer (headers: Elysia's
 * set.headers) to a chunked body, then refuseUnreadBody. A request without a body (most of them) has nothing to
 * refuse: it is passed at once, without a header read or a promise.
 */
export function bodyCheck(deps: Deps): (request: Request, headers: Record<string, string | number>) => Promise<void> | undefined {
  return (request, headers) => {
    if (request.body === null) return undefined
    const chunked = isChunked(request)
    if (chunked) headers.connection = 'close'
    return refuseUnreadBody(deps, request, chunked)
  }
}

/**
 * The body parser as a plugin: a global parse hook that reads every non-streamed body with readBodyCapped and parses
 * it by content type (bodyCheck has refused what must not be read before).
 * A body without a content type is not read. A streamed route gets null here so Elysia reads nothing for it
 * (their `parse: 'none'` would otherwise run after this hook). Errors reach onError as PARSE with the HttpError as cause.
 */
export const bodyLimit = () =>
  new Elysia({ name: 'body-limit' }).onParse({ as: 'global' }, async ({ request, contentType }) => {
    const max = bodyLimitFor(pathOf(request.url))
    if (max === undefined) return null
    if (!contentType) return undefined
    const bytes = await readBodyCapped(request, max)
    return parseBody(bytes, contentType, request.headers.get('content-type') ?? contentType)
  })
