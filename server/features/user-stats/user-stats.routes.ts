/** Route GET /api/users/:id/stats (public-visitor §7). */
import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { IdParamsSchema } from '../../contract/common'
import { UserStatsSchema } from '../../contract/users'
import { SESSION_COOKIE, requireOwnUser } from '../../http/session-user'
import { getUserStats } from './user-stats.service'

/** The user stats route; 401 without a session, 403 for another user's id. */
export const userStatsRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/users', tags: ['users'] }).get(
    '/:id/stats',
    ({ params, cookie }) => {
      requireOwnUser(deps.db, cookie[SESSION_COOKIE].value as string | undefined, params.id)
      return getUserStats(deps, params.id)
    },
    { params: IdParamsSchema, response: { 200: UserStatsSchema }, detail: { summary: "Figures of the visitor's own uploads (public-visitor §7)" } },
  )
