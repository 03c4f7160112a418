/** Bucket calls under /api/admin (admin-back-office §7). Mounted behind adminGuard. */
import { Elysia } from 'elysia'
import type { Deps } from '../../core/deps'
import { rm } from 'node:fs/promises'
import { BucketDeleteResultSchema, BucketDeleteInputSchema, BucketListQuerySchema, BucketListSchema, BucketUploadAnswerSchema, DuplicateScanSchema, ImportResultSchema } from '../../contract/admin/bucket'
import { TOTAL_COUNT_HEADER } from '../../contract/admin/paging'
import { routes } from '../../contract/paths'
import { ErrorSchema } from '../../contract/common'
import { withJobLock } from '../../http/job-lock'
import { readMultipartUpload } from '../../media/upload-stream'
import { deleteBucketFiles, findDuplicates, listBucketFiles, storeBucketUpload } from './admin-bucket.service'
import { importMediaFromBucket } from './media-import.service'

const detail = (summary: string) => ({ summary, tags: ['admin bucket'] })

/** The bucket routes. */
export const adminBucketRoutes = (deps: Deps) =>
  new Elysia()
    .get(
      routes.adminBucketFiles,
      async ({ query, set }) => {
        const { files, provider, total } = await listBucketFiles(deps, { checksums: query.checksums === 'true', page: query })
        set.headers[TOTAL_COUNT_HEADER] = String(total)
        return { files, provider }
      },
      {
        query: BucketListQuerySchema,
        response: { 200: BucketListSchema },
        detail: detail('A page of the objects in the bucket, by key, except variants and posters, counted on their item, and the provider; X-Total-Count; ?checksums=true adds the SHA-256 of each listed item (reads them) for copying the bucket'),
      },
    )
    .post(routes.adminDeleteBucketFiles, ({ body }) => deleteBucketFiles(deps, body.filenames), { body: BucketDeleteInputSchema, response: { 200: BucketDeleteResultSchema }, detail: detail('Delete objects and their media rows; refused keys are reported') })
    .get(routes.adminFindDuplicates, () => findDuplicates(deps), { response: { 200: DuplicateScanSchema }, detail: detail('Groups of identical content, equal size and similar names') })
    .post(routes.adminImportMedia, () => withJobLock(deps, 'mediaImport', () => importMediaFromBucket(deps)), { response: { 200: ImportResultSchema, 409: ErrorSchema }, detail: detail('Make media rows for valid media objects not yet imported') })
    .post(
      routes.adminBucketUpload,
      async ({ request, set }) => {
        const { file } = await readMultipartUpload(request, deps.tmpDir)
        set.status = 201
        return storeBucketUpload(deps, file).finally(() => rm(file.tmpPath, { force: true }))
      },
      { parse: 'none', response: { 201: BucketUploadAnswerSchema }, detail: detail('Stream one media file (multipart `file`) into the bucket for a later import; same type and size rules as uploads') },
    )
