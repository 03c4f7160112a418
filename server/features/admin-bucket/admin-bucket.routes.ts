/** Bucket calls under /api/admin (admin-back-office §7). Mounted behind adminGuard. */
import { Elysia } from 'elysia'
import * as v from 'valibot'
import type { Deps } from '../../deps'
import { rm } from 'node:fs/promises'
import { readMultipartUpload } from '../media/upload-stream'
import { deleteBucketFiles, findDuplicates, listBucketFiles, storeBucketUpload } from './admin-bucket.service'
import { importMediaFromBucket } from './media-import.service'

const DeleteFilesSchema = v.object({ filenames: v.pipe(v.array(v.pipe(v.string(), v.maxLength(1024)), 'filenames must be a list of keys'), v.maxLength(10_000)) })
const ListFilesQuerySchema = v.object({ checksums: v.optional(v.picklist(['true', 'false'], 'checksums must be true or false')) })
const detail = (summary: string) => ({ summary, tags: ['admin bucket'] })

/** The bucket routes. */
export const adminBucketRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/admin' })
    .get(
      '/list-bucket-files',
      async ({ query }) => {
        const { files, provider } = await listBucketFiles(deps, { checksums: query.checksums === 'true' })
        return { files, provider }
      },
      {
        query: ListFilesQuerySchema,
        detail: detail('Every object in the bucket except variants and posters, counted on their item, and the provider; ?checksums=true adds the SHA-256 of each item (reads every item) for copying the bucket'),
      },
    )
    .post('/delete-bucket-files', ({ body }) => deleteBucketFiles(deps, body.filenames), { body: DeleteFilesSchema, detail: detail('Delete objects and their media rows; refused keys are reported') })
    .get('/find-duplicates', () => findDuplicates(deps), { detail: detail('Groups of identical content, equal size and similar names') })
    .post('/import-media', () => importMediaFromBucket(deps), { detail: detail('Make media rows for valid media objects not yet imported') })
    .post(
      '/bucket-upload',
      async ({ request, set }) => {
        const { file } = await readMultipartUpload(request, deps.tmpDir)
        set.status = 201
        return storeBucketUpload(deps, file).finally(() => rm(file.tmpPath, { force: true }))
      },
      { parse: 'none', detail: detail('Stream one media file (multipart `file`) into the bucket for a later import; same type and size rules as uploads') },
    )
