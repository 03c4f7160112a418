/**
 * Two S3 calls s3rver lacks and @tus/s3-store makes: ListParts (GET key?uploadId=) and AbortMultipartUpload
 * (DELETE key?uploadId=), answered from the parts s3rver keeps on disk for a multipart upload. Added in front of
 * s3rver's router; call before s3rver.run().
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type S3rver from 's3rver'
// s3rver's own error type, so the answer is S3's XML error.
import S3Error from 's3rver/lib/models/error'

type KoaContext = { method: string; path: string; query: Record<string, string | undefined>; status: number; body: unknown }
type Internals = {
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[]
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string }
}

/** Adds ListParts and AbortMultipartUpload to s3rver (see above). */
export function addMultipartParts(s3rver: S3rver): void {
  const internals = s3rver as unknown as Internals
  // After s3rver's logger and its XML encoder, before its router.
  internals.middleware.splice(2, 0, async (ctx, next) => {
    const uploadId = ctx.query.uploadId
    if (!uploadId || (ctx.method !== 'GET' && ctx.method !== 'DELETE')) return next()
    const [, bucket, ...key] = ctx.path.split('/')
    const dir = join(internals.store.getResourcePath(bucket, undefined, 'uploads'), uploadId)
    if (!existsSync(dir)) throw new S3Error('NoSuchUpload', 'The specified upload does not exist.')
    if (ctx.method === 'DELETE') {
      rmSync(dir, { recursive: true, force: true })
      ctx.status = 204
      return
    }
    const parts = readdirSync(dir)
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b)
      .map((n) => {
        const stat = statSync(join(dir, String(n)))
        return {
          PartNumber: n,
          ETag: `"${readFileSync(join(dir, `${n}.md5`), 'utf8')}"`,
          Size: stat.size,
          LastModified: stat.mtime.toISOString(),
        }
      })
    ctx.body = {
      ListPartsResult: { Bucket: bucket, Key: decodeURIComponent(key.join('/')), UploadId: uploadId, IsTruncated: false, Part: parts },
    }
  })
}
