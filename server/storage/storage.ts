/**
 * The bucket interface every storage backend implements (put as a stream, get with byte range,
 * head, delete, list). Keys are server-generated paths such as media/2026/11/<uuid>.jpg.
 */

/** Metadata of one stored object. size in bytes; lastModified ISO-8601 UTC; etag quoted per RFC 9110. */
export type ObjectInfo = { key: string; size: number; lastModified: string; etag: string; contentType: string }

/** An inclusive byte range [start, end] within an object. */
export type ByteRange = { start: number; end: number }

/** A readable object body: range is set when only part of the object is returned. */
export type StoredObject = ObjectInfo & { body: ReadableStream<Uint8Array>; range?: ByteRange }

/** The bucket. Every method throws InvalidKeyError for a key with `..`, a leading slash or a backslash. */
export interface Storage {
  /** 'fs' or 's3', shown in the admin bucket overview. */
  readonly provider: string
  /** Stores body (size bytes) under key, replacing any object there. */
  put(key: string, body: ReadableStream<Uint8Array>, opts: { size: number; contentType: string }): Promise<void>
  /** The object, or its byte range; undefined when missing. */
  get(key: string, range?: ByteRange): Promise<StoredObject | undefined>
  /** Metadata only; undefined when missing. */
  head(key: string): Promise<ObjectInfo | undefined>
  /** Removes the object; true when something was deleted. */
  delete(key: string): Promise<boolean>
  /** Every object in the bucket, in key order. */
  list(): AsyncIterable<ObjectInfo>
  /**
   * Only on a bucket whose objects the public serves by key (S3 with MEDIA_PUBLIC_URL): makes the objects under keys
   * reachable by the public at their keys (visible) or not; get, head, put, delete and list keep naming them by their
   * keys either way. Answers the keys that changed (missing keys and those already so are left as they are).
   */
  setPublic?(keys: string[], visible: boolean): Promise<string[]>
}

/** Caching of an object the public fetches from the bucket or its CDN: its key names one content for good (media URLs carry the item's version). */
export const PUBLIC_OBJECT_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/** A key that could escape the bucket or is not a plain relative path. */
export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${key}`)
  }
}

/** Throws InvalidKeyError unless key is a relative path of safe segments (no `..`, no empty segment). */
export function assertSafeKey(key: string): void {
  const segments = key.split('/')
  const bad =
    key.length === 0 ||
    key.length > 1024 ||
    key.includes('\\') ||
    key.includes('\0') ||
    segments.some((s) => s === '' || s === '.' || s === '..')
  if (bad) throw new InvalidKeyError(key)
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
}

/** The content type for a key by its extension; application/octet-stream when unknown. */
export function contentTypeForKey(key: string): string {
  return CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream'
}
