/**
 * The bucket on S3 or any S3-compatible store (MinIO, R2, s3rver) through @aws-sdk/client-s3.
 * Uploads stream through @aws-sdk/lib-storage, so a body is never held whole in memory.
 * With publicMedia (MEDIA_PUBLIC_URL: the public fetches objects from the bucket or its CDN by key), every object is
 * written with PUBLIC_OBJECT_CACHE_CONTROL, and an object made not public (setPublic) is moved under
 * HIDDEN_KEY_PREFIX, which the bucket policy keeps private; every other call names it by its own key still: get and
 * head fall back to the hidden copy, put writes over it where it is, delete removes both, list shows it under its key.
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { Readable } from 'node:stream'
import {
  assertSafeKey,
  contentTypeForKey,
  PUBLIC_OBJECT_CACHE_CONTROL,
  type ByteRange,
  type ObjectInfo,
  type Storage,
  type StoredObject,
} from './storage'

/** Where a publicMedia bucket keeps the objects of hidden items: `hidden/<key>` (a bucket policy denies public reads under it). */
export const HIDDEN_KEY_PREFIX = 'hidden/'

/** S3 connection settings; endpoint unset means AWS itself. */
export type S3Options = {
  endpoint?: string
  region: string
  bucket: string
  accessKeyId?: string
  secretAccessKey?: string
  forcePathStyle: boolean
  /** The public reads objects by key (MEDIA_PUBLIC_URL): immutable caching, and setPublic moves objects under HIDDEN_KEY_PREFIX. */
  publicMedia?: boolean
}

const isMissing = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } }
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404
}

/** Creates an S3-backed bucket. Network and permission failures propagate as the SDK's errors. */
export function createS3Storage(opts: S3Options): Storage {
  const client = new S3Client({
    endpoint: opts.endpoint,
    region: opts.region,
    forcePathStyle: opts.forcePathStyle,
    credentials:
      opts.accessKeyId && opts.secretAccessKey ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } : undefined,
  })
  const Bucket = opts.bucket
  const publicMedia = opts.publicMedia === true
  const hiddenKey = (key: string) => `${HIDDEN_KEY_PREFIX}${key}`

  /** The object stored under exactly storedKey, reported as key. */
  const headAt = async (key: string, storedKey: string): Promise<ObjectInfo | undefined> => {
    try {
      const r = await client.send(new HeadObjectCommand({ Bucket, Key: storedKey }))
      return {
        key,
        size: r.ContentLength ?? 0,
        lastModified: (r.LastModified ?? new Date(0)).toISOString(),
        etag: r.ETag ?? '""',
        contentType: contentTypeForKey(key),
      }
    } catch (e) {
      if (isMissing(e)) return undefined
      throw e
    }
  }
  const head = async (key: string): Promise<ObjectInfo | undefined> => {
    assertSafeKey(key)
    return (await headAt(key, key)) ?? (publicMedia ? headAt(key, hiddenKey(key)) : undefined)
  }
  /** The object stored under exactly storedKey (or its range), reported as key; undefined when missing. */
  const getAt = async (key: string, storedKey: string, range?: ByteRange): Promise<StoredObject | undefined> => {
    try {
      const r = await client.send(
        new GetObjectCommand({ Bucket, Key: storedKey, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      )
      const total = range ? Number(r.ContentRange?.split('/')[1] ?? r.ContentLength) : (r.ContentLength ?? 0)
      return {
        key,
        size: total,
        lastModified: (r.LastModified ?? new Date(0)).toISOString(),
        etag: r.ETag ?? '""',
        contentType: contentTypeForKey(key),
        body: r.Body!.transformToWebStream() as ReadableStream<Uint8Array>,
        range,
      }
    } catch (e) {
      if (isMissing(e)) return undefined
      throw e
    }
  }
  /** Where key's object is stored now: at key, or (publicMedia) at its hidden key; key itself when it is at neither. */
  const storedKeyOf = async (key: string) =>
    publicMedia && !(await headAt(key, key)) && (await headAt(key, hiddenKey(key))) ? hiddenKey(key) : key
  const deleteAt = async (storedKey: string) => {
    const existed = (await headAt(storedKey, storedKey)) !== undefined
    if (existed) await client.send(new DeleteObjectCommand({ Bucket, Key: storedKey }))
    return existed
  }
  /** Every object whose stored key starts with prefix (all with none), skipping those under skip, in key order. */
  async function* listAt(prefix: string | undefined, skip: string | undefined): AsyncGenerator<ObjectInfo> {
    let ContinuationToken: string | undefined
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }))
      for (const o of page.Contents ?? []) {
        if (!o.Key || (skip && o.Key.startsWith(skip))) continue
        yield {
          key: o.Key,
          size: o.Size ?? 0,
          lastModified: (o.LastModified ?? new Date(0)).toISOString(),
          etag: o.ETag ?? '""',
          contentType: contentTypeForKey(o.Key),
        }
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (ContinuationToken)
  }
  /** Moves the object at from to to (server-side copy keeps its type and caching, then the source goes); false when from is missing. */
  const move = async (from: string, to: string) => {
    if (!(await headAt(from, from))) return false
    await client.send(
      new CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${from.split('/').map(encodeURIComponent).join('/')}` }),
    )
    await client.send(new DeleteObjectCommand({ Bucket, Key: from }))
    return true
  }

  return {
    provider: 's3',
    async put(key, body, { contentType }) {
      assertSafeKey(key)
      const params = {
        Bucket,
        Key: await storedKeyOf(key),
        Body: Readable.fromWeb(body as never),
        ContentType: contentType,
        ...(publicMedia ? { CacheControl: PUBLIC_OBJECT_CACHE_CONTROL } : {}),
      }
      await new Upload({ client, params }).done()
    },
    async get(key, range) {
      assertSafeKey(key)
      return (await getAt(key, key, range)) ?? (publicMedia ? getAt(key, hiddenKey(key), range) : undefined)
    },
    head,
    async delete(key) {
      assertSafeKey(key)
      const atKey = await deleteAt(key)
      return (publicMedia && (await deleteAt(hiddenKey(key)))) || atKey
    },
    async *list() {
      if (!publicMedia) return yield* listAt(undefined, undefined)
      // Two key-ordered listings merged: the public objects, and the hidden ones under their own keys.
      const shown = listAt(undefined, HIDDEN_KEY_PREFIX)
      const hidden = listAt(HIDDEN_KEY_PREFIX, undefined)
      const unhide = (o: ObjectInfo) => ({ ...o, key: o.key.slice(HIDDEN_KEY_PREFIX.length), contentType: contentTypeForKey(o.key) })
      let a = await shown.next()
      let b = await hidden.next()
      while (!a.done || !b.done) {
        if (b.done || (!a.done && a.value.key < unhide(b.value).key)) {
          yield a.value as ObjectInfo
          a = await shown.next()
        } else {
          yield unhide(b.value)
          b = await hidden.next()
        }
      }
    },
    ...(publicMedia
      ? {
          async setPublic(keys: string[], visible: boolean) {
            const changed: string[] = []
            for (const key of keys) {
              assertSafeKey(key)
              if (visible ? await move(hiddenKey(key), key) : await move(key, hiddenKey(key))) changed.push(key)
            }
            return changed
          },
        }
      : {}),
  }
}
