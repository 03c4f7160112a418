/**
 * Serves stored objects (server-contract: url of a media item): ETag with If-None-Match, HTTP Range for video
 * seeking and Safari, and nothing of an item hidden by a resolved DMCA takedown except to the
 * admin, whose back office still shows it. Answers may be cached for MEDIA_MAX_AGE_S only, then revalidated by ETag,
 * so a takedown reaches every cache within that time; a hidden item's files are never stored by any cache.
 */
import type { Deps } from '../../core/deps'
import type { ByteRange } from '../../storage/storage'
import { InvalidKeyError } from '../../storage/storage'
import { HttpError } from '../../http/errors'
import { hasAdminToken } from '../../http/admin-tokens'
import { findMediaOwningKey } from '../../repositories/media.repository'

/** How long a browser or shared cache may use a media answer without asking again, seconds (one hour). */
export const MEDIA_MAX_AGE_S = 3600
const CACHE_CONTROL = `public, max-age=${MEDIA_MAX_AGE_S}`
/** Caching of a hidden item's files served to the admin: no cache keeps them, so no visitor gets them from one. */
const HIDDEN_CACHE_CONTROL = 'private, no-store'

/** Parses a single `bytes=` range against size bytes; undefined when absent or not a single range; 'unsatisfiable' when out of bounds. */
export function parseRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | undefined {
  const m = header?.match(/^bytes=(\d*)-(\d*)$/)
  if (!m || (m[1] === '' && m[2] === '')) return undefined
  const [start, end] =
    m[1] === '' ? [Math.max(0, size - Number(m[2])), size - 1] : [Number(m[1]), m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)]
  return start > end || start >= size ? 'unsatisfiable' : { start, end }
}

/**
 * The response for GET of key: 200 whole, 206 a range, 304 when If-None-Match matches, 416 for a bad range.
 * encodedKey is the URL path after the prefix; headers.cookie is the Cookie header. Throws HttpError 400 for an
 * unsafe or malformed key, 404 when the object does not exist or belongs to a hidden item (findMediaOwningKey: the
 * item's own key or one derived from it) and the cookie carries no live admin token (hasAdminToken).
 */
export async function serveStoredObject(
  deps: Deps,
  encodedKey: string,
  headers: { range: string | null; ifNoneMatch: string | null; cookie: string | null },
): Promise<Response> {
  const storage = deps.storage
  let key, info
  try {
    // Decoded so that an encoded `..%2F` is seen, and refused, as the `../` it means.
    key = decodeURIComponent(encodedKey)
    info = await storage.head(key)
  } catch (e) {
    if (e instanceof InvalidKeyError || e instanceof URIError) throw new HttpError(400, 'Invalid media path')
    throw e
  }
  const hidden = !!info && !!(await findMediaOwningKey(deps.db, key))?.hiddenAt
  if (!info || (hidden && !(await hasAdminToken(deps, headers.cookie)))) throw new HttpError(404, 'Media file not found')
  const base = {
    ETag: info.etag,
    'Cache-Control': hidden ? HIDDEN_CACHE_CONTROL : CACHE_CONTROL,
    'Accept-Ranges': 'bytes',
    'Last-Modified': new Date(info.lastModified).toUTCString(),
  }
  if (headers.ifNoneMatch?.split(/\s*,\s*/).includes(info.etag)) return new Response(null, { status: 304, headers: base })
  const range = parseRange(headers.range, info.size)
  if (range === 'unsatisfiable')
    throw new HttpError(416, `Range not satisfiable: the file has ${info.size} bytes`, undefined, undefined, {
      'Content-Range': `bytes */${info.size}`,
    })
  const object = await storage.get(key, range)
  if (!object) throw new HttpError(404, 'Media file not found')
  const length = range ? range.end - range.start + 1 : info.size
  return new Response(object.body, {
    status: range ? 206 : 200,
    headers: {
      ...base,
      'Content-Type': info.contentType,
      'Content-Length': String(length),
      ...(range ? { 'Content-Range': `bytes ${range.start}-${range.end}/${info.size}` } : {}),
    },
  })
}
