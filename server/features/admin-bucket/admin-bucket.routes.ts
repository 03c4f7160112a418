/** Bucket calls under /api/admin (admin-back-office §7). Mounted behind adminGuard. */
import { Elysia } from 'elysia'
import * as v from 'valibot'
import type { Deps } from '../../deps'
import { deleteBucketFiles, findDuplicates, listBucketFiles } from './admin-bucket.service'
import { importMediaFromBucket } from './media-import.service'

const DeleteFilesSchema = v.object({ filenames: v.pipe(v.array(v.pipe(v.string(), v.maxLength(1024)), 'filenames must be a list of keys'), v.maxLength(10_000)) })
const detail = (summary: string) => ({ summary, tags: ['admin bucket'] })

/** The bucket routes. */
export const adminBucketRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/admin' })
    .get('/list-bucket-files', () => listBucketFiles(deps), { detail: detail('Every object in the bucket, and the provider') })
    .post('/delete-bucket-files', ({ body }) => deleteBucketFiles(deps, body.filenames), { body: DeleteFilesSchema, detail: detail('Delete objects and their media rows; refused keys are reported') })
    .get('/find-duplicates', () => findDuplicates(deps), { detail: detail('Groups of identical content, equal size and similar names') })
    .post('/import-media', () => importMediaFromBucket(deps), { detail: detail('Make media rows for valid media objects not yet imported') })
