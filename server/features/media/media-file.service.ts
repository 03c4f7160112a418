/**
 * Serves stored objects (server-contract: url of a media item): ETag with If-None-Match, long-lived immutable
 * caching (keys are never reused), and HTTP Range for video seeking and Safari.
 */
import type { Storage, ByteRange } from '../../storage/storage'
import { InvalidKeyError } from '../../storage/storage'
import { HttpError } from '../../http/errors'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Parses a single `bytes=` range against size bytes; undefined when absent or not a single range; 'unsatisfiable' when out of bounds. */
export function parseRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | undefined {
  const m = header?.match(/^bytes=(\d*)-(\d*)$/)
  if (!m || (m[1] === '' && m[2] === '')) return undefined
  const [start, end] = m[1] === '' ? [Math.max(0, size - Number(m[2])), size - 1] : [Number(m[1]), m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)]
  return start > end || start >= size ? 'unsatisfiable' : { start, end }
}

/**
 * The response for GET of key: 200 whole, 206 a range, 304 when If-None-Match matches, 416 for a bad range.
 * encodedKey is the URL path after the prefix. Throws HttpError 400 for an unsafe or malformed key, 404 when the object does not exist.
 */
export async function serveStoredObject(storage: Storage, encodedKey: string, headers: { range: string | null; ifNoneMatch: string | null }): Promise<Response> {
  let key, info
  try {
    // Decoded so that an encoded `..%2F` is seen, and refused, as the `../` it means.
    key = decodeURIComponent(encodedKey)
    info = await storage.head(key)
  } catch (e) {
    if (e instanceof InvalidKeyError || e instanceof URIError) throw new HttpError(400, 'Invalid media path')
    throw e
  }
  if (!info) throw new HttpError(404, 'Media file not found')
  const base = { ETag: info.etag, 'Cache-Control': IMMUTABLE, 'Accept-Ranges': 'bytes', 'Last-Modified': new Date(info.lastModified).toUTCString() }
  if (headers.ifNoneMatch && headers.ifNoneMatch.split(/\s*,\s*/).includes(info.etag)) return new Response(null, { status: 304, headers: base })
  const range = parseRange(headers.range, info.size)
  if (range === 'unsatisfiable') throw new HttpError(416, `Range not satisfiable: the file has ${info.size} bytes`, undefined, undefined, { 'Content-Range': `bytes */${info.size}` })
  const object = await storage.get(key, range)
  if (!object) throw new HttpError(404, 'Media file not found')
  const length = range ? range.end - range.start + 1 : info.size
  return new Response(object.body, {
    status: range ? 206 : 200,
    headers: { ...base, 'Content-Type': info.contentType, 'Content-Length': String(length), ...(range ? { 'Content-Range': `bytes ${range.start}-${range.end}/${info.size}` } : {}) },
  })
}
