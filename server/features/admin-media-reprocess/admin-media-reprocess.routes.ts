/** Media backfill calls under /api/admin (`hotvote media reprocess`). Mounted behind adminGuard. */
import { Elysia } from 'elysia'
import type { Deps } from '../../core/deps'
import { ReprocessAnswerSchema, ReprocessInputSchema, ReprocessQuerySchema, ReprocessStatusSchema } from '../../contract/admin/reprocess'
import { routes } from '../../contract/paths'
import { ErrorSchema } from '../../contract/common'
import { withJobLock } from '../../http/job-lock'
import { reprocessMediaBatch, reprocessStatus } from './admin-media-reprocess.service'

const detail = (summary: string) => ({ summary, tags: ['admin'] })

/** The reprocess routes. */
export const adminMediaReprocessRoutes = (deps: Deps) =>
  new Elysia()
    .get(routes.adminReprocess, ({ query }) => reprocessStatus(deps, query.since), {
      query: ReprocessQuerySchema,
      response: { 200: ReprocessStatusSchema },
      detail: detail('How many media items still lack variants, placeholder and stripped copy'),
    })
    .post(routes.adminReprocess, ({ body }) => withJobLock(deps, 'mediaReprocess', () => reprocessMediaBatch(deps, body)), {
      body: ReprocessInputSchema,
      response: { 200: ReprocessAnswerSchema, 409: ErrorSchema },
      detail: detail('Process up to limit unprocessed items after afterId; repeat with lastId until remaining is 0'),
    })
