/**
 * The bucket on S3 or any S3-compatible store (MinIO, R2, s3rver) through @aws-sdk/client-s3.
 * Uploads stream through @aws-sdk/lib-storage, so a body is never held whole in memory.
 */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { Readable } from 'node:stream'
import { assertSafeKey, contentTypeForKey, type ObjectInfo, type Storage } from './storage'

/** S3 connection settings; endpoint unset means AWS itself. */
export type S3Options = {
  endpoint?: string
  region: string
  bucket: string
  accessKeyId?: string
  secretAccessKey?: string
  forcePathStyle: boolean
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

  const head = async (key: string): Promise<ObjectInfo | undefined> => {
    assertSafeKey(key)
    try {
      const r = await client.send(new HeadObjectCommand({ Bucket, Key: key }))
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

  return {
    provider: 's3',
    async put(key, body, { contentType }) {
      assertSafeKey(key)
      await new Upload({ client, params: { Bucket, Key: key, Body: Readable.fromWeb(body as never), ContentType: contentType } }).done()
    },
    async get(key, range) {
      assertSafeKey(key)
      try {
        const r = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
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
    },
    head,
    async delete(key) {
      const existed = (await head(key)) !== undefined
      if (existed) await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
      return existed
    },
    async *list() {
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }))
        for (const o of page.Contents ?? []) {
          if (!o.Key) continue
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
    },
  }
}
