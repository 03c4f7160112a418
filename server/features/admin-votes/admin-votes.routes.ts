/** POST /api/admin/populate-votes and GET /api/admin/export-votes (admin-back-office §7). Mounted behind adminGuard. */
import { Elysia } from 'elysia'
import type { Deps } from '../../core/deps'
import { PopulationResultSchema } from '../../contract/admin/votes'
import { routes } from '../../contract/paths'
import { ErrorSchema } from '../../contract/common'
import { startJob, withJobLock } from '../../http/job-lock'
import { fileAnswer } from '../../http/openapi-responses'
import { populateVotes } from './vote-population.service'
import { exportFileName, streamVotesXlsx } from './vote-export.service'

/** The vote population and export routes. */
export const adminVotesRoutes = (deps: Deps) =>
  new Elysia()
    .post(routes.adminPopulateVotes, () => withJobLock(deps, 'votePopulation', () => populateVotes(deps)), {
      response: { 200: PopulationResultSchema, 409: ErrorSchema },
      detail: { summary: 'Add synthetic votes, about 500 a call; call again while paused', tags: ['admin votes'] },
    })
    .get(
      routes.adminExportVotes,
      async () => {
        // The lock is held until the export ends, is cancelled or fails, not just until the answer starts; the answer
        // ends after the lock is freed, so an export asked for once the last one was read is not refused.
        const release = await startJob(deps, 'voteExport')
        const { body } = streamVotesXlsx(deps, release)
        return new Response(body, {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': `attachment; filename="${exportFileName(deps.clock.now())}"`,
          },
        })
      },
      {
        detail: {
          summary: 'Every vote as an xlsx (streamed): user_id, media_id, is_hot, voted_at',
          tags: ['admin votes'],
          responses: fileAnswer('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'votes_export_YYYY-MM-DD.xlsx'),
        },
      },
    )
