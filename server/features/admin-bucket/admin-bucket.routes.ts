/** Bucket calls under /api/admin (admin-back-office §7). Mounted behind adminGuard. */
import { Elysia } from 'elysia'
import * as v from 'valibot'
import type { Deps } from '../../core/deps'
import { rm } from 'node:fs/promises'
import {
  BucketDeleteResultSchema,
  BucketDeleteInputSchema,
  BucketListQuerySchema,
  BucketListSchema,
  BucketUploadAnswerSchema,
  DismissNearDuplicatesAnswerSchema,
  DismissNearDuplicatesInputSchema,
  DuplicateScanSchema,
  ImportResultSchema,
  ResolveNearDuplicatesAnswerSchema,
  ResolveNearDuplicatesInputSchema,
  ShowHiddenCopyAnswerSchema,
  ShowHiddenCopyInputSchema,
} from '../../contract/admin/bucket'
import { routes } from '../../contract/paths'
import { ErrorSchema } from '../../contract/common'
import { withJobLock } from '../../http/job-lock'
import { setPageHeaders } from '../../http/paging'
import { readMultipartUpload } from '../../media/upload-stream'
import { deleteBucketFiles, findDuplicates, listBucketFiles, storeBucketUpload } from './admin-bucket.service'
import { importMediaFromBucket } from './media-import.service'
import { dismissNearDuplicates, resolveNearDuplicates, showHiddenCopy } from './near-duplicates.service'
import { ADMIN_OWNER, createBucketResumableUploads } from './bucket-tus.service'
import { UploadIdParamsSchema } from '../../contract/media'
import { addressKey, clientAddress } from '../../http/client-address'
import { noContent, tusOffsetAnswer, tusRequestHeaders } from '../../http/openapi-responses'
import { tusOptions } from '../../media/tus-http'

const detail = (summary: string) => ({ summary, tags: ['admin bucket'] })

/**
 * The admin's resumable bucket uploads (tus 1.0, docs/uploads.md): creation, HEAD (through the GET route: Elysia
 * answers HEAD with it), PATCH, DELETE of one upload, and its stored answer.
 */
function bucketTusRoutes(deps: Deps) {
  const resumable = createBucketResumableUploads(deps)
  type Ctx = { request: Request; server: Parameters<typeof clientAddress>[0]; params?: { uploadId?: string } }
  const tus = ({ request, server, params }: Ctx) =>
    resumable.handle(request, ADMIN_OWNER, addressKey(clientAddress(server, request, deps.config.trustedProxy)), params?.uploadId)
  return new Elysia()
    .post(routes.adminBucketTus, tus, {
      parse: 'none',
      response: { 201: BucketUploadAnswerSchema, 400: ErrorSchema, 413: ErrorSchema, 415: ErrorSchema },
      detail: {
        ...detail('Create a resumable bucket upload (tus 1.0, as POST /api/media/tus without userId); 201 with Location'),
        parameters: tusRequestHeaders('Upload-Length', 'Upload-Metadata'),
        responses: { 201: { description: 'Created; Location names the upload' } },
      },
    })
    .get(routes.adminBucketTusUpload, tus, {
      params: UploadIdParamsSchema,
      detail: {
        ...detail('HEAD: the offset of a resumable bucket upload (Upload-Offset, Upload-Length); GET: 405'),
        parameters: tusRequestHeaders(),
        responses: tusOffsetAnswer(),
      },
    })
    .patch(routes.adminBucketTusUpload, tus, {
      parse: 'none',
      params: UploadIdParamsSchema,
      response: { 200: BucketUploadAnswerSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 415: ErrorSchema, 460: ErrorSchema },
      detail: {
        ...detail('Send bytes at Upload-Offset; 204, or for the last bytes 200 with the answer of POST /api/admin/bucket-upload'),
        parameters: tusRequestHeaders('Upload-Offset'),
        responses: { 204: { description: 'Stored; Upload-Offset is the new offset' } },
      },
    })
    .delete(routes.adminBucketTusUpload, tus, {
      params: UploadIdParamsSchema,
      detail: {
        ...detail('Terminate a resumable bucket upload: its bytes are removed (204)'),
        parameters: tusRequestHeaders(),
        responses: noContent('Terminated'),
      },
    })
    .options(routes.adminBucketTus, () => tusOptions(), {
      detail: {
        ...detail('The resumable bucket upload capabilities (tus 1.0 OPTIONS): 204 with Tus-Version, Tus-Extension, Tus-Max-Size'),
        responses: noContent('Tus-Version, Tus-Extension, Tus-Max-Size, Tus-Checksum-Algorithm'),
      },
    })
    .get(routes.adminBucketTusResult, ({ params }) => resumable.result(ADMIN_OWNER, params.uploadId), {
      params: UploadIdParamsSchema,
      response: { 200: BucketUploadAnswerSchema, 202: v.object({ message: v.string() }), 404: ErrorSchema, 409: ErrorSchema },
      detail: detail(
        "A resumable bucket upload's stored answer: 200, or its refusal status; 202 while processed, 409 while bytes are missing",
      ),
    })
}

/** The bucket routes. */
export const adminBucketRoutes = (deps: Deps) =>
  new Elysia()
    .use(bucketTusRoutes(deps))
    .get(
      routes.adminBucketFiles,
      async ({ query, set }) => {
        const { files, provider, total, next } = await listBucketFiles(deps, { checksums: query.checksums === 'true', page: query })
        setPageHeaders(set, { total, next })
        return { files, provider }
      },
      {
        query: BucketListQuerySchema,
        response: { 200: BucketListSchema },
        detail: detail(
          "A page of the objects in the bucket, by key, except variants and posters, counted on their item, and the provider; X-Total-Count, and X-Next-Cursor (the next page's after) when objects follow; ?checksums=true adds the SHA-256 of each listed item (reads them) for copying the bucket",
        ),
      },
    )
    .post(routes.adminDeleteBucketFiles, ({ body }) => deleteBucketFiles(deps, body.filenames), {
      body: BucketDeleteInputSchema,
      response: { 200: BucketDeleteResultSchema },
      detail: detail('Delete objects and their media rows; refused keys are reported'),
    })
    .get(routes.adminFindDuplicates, () => findDuplicates(deps), {
      response: { 200: DuplicateScanSchema },
      detail: detail(
        'Groups of identical content, equal size and similar names; beside them nearDuplicateGroups, media items whose perceptual hashes are within NEAR_DUPLICATE_DISTANCE',
      ),
    })
    .post(routes.adminResolveNearDuplicates, ({ body }) => resolveNearDuplicates(deps, body), {
      body: ResolveNearDuplicatesInputSchema,
      response: { 200: ResolveNearDuplicatesAnswerSchema, 400: ErrorSchema, 404: ErrorSchema },
      detail: detail('Keep one item of a near-duplicate group and hide or delete the others (audited: NEAR_DUPLICATES_RESOLVED)'),
    })
    .post(routes.adminDismissNearDuplicates, ({ body }) => dismissNearDuplicates(deps, body.ids), {
      body: DismissNearDuplicatesInputSchema,
      response: { 200: DismissNearDuplicatesAnswerSchema, 400: ErrorSchema, 404: ErrorSchema },
      detail: detail(
        'Dismiss a near-duplicate group that shows different pictures: its pairs are remembered and never grouped again (audited: NEAR_DUPLICATES_DISMISSED)',
      ),
    })
    .post(routes.adminShowHiddenCopy, ({ body }) => showHiddenCopy(deps, body.id), {
      body: ShowHiddenCopyInputSchema,
      response: { 200: ShowHiddenCopyAnswerSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      detail: detail(
        'Show again an item an admin hid as a near copy; it stays hidden while a resolved takedown names it (audited: NEAR_COPY_SHOWN)',
      ),
    })
    .post(routes.adminImportMedia, () => withJobLock(deps, 'mediaImport', () => importMediaFromBucket(deps)), {
      response: { 200: ImportResultSchema, 409: ErrorSchema },
      detail: detail('Make media rows for valid media objects not yet imported'),
    })
    .post(
      routes.adminBucketUpload,
      async ({ request, set }) => {
        const { file } = await readMultipartUpload(request, deps.tmpDir)
        set.status = 201
        return storeBucketUpload(deps, file).finally(() => rm(file.tmpPath, { force: true }))
      },
      {
        parse: 'none',
        response: { 201: BucketUploadAnswerSchema },
        detail: detail('Stream one media file (multipart `file`) into the bucket for a later import; same type and size rules as uploads'),
      },
    )
