/** Route GET /api/users/:id/stats (public-visitor §7). */
import { Elysia } from 'elysia'
import type { Deps } from '../../core/deps'
import { IdParamsSchema } from '../../contract/common'
import { UserStatsSchema } from '../../contract/users'
import { routes } from '../../contract/paths'
import { requireOwnUser, visitorSession } from '../../http/session-user'
import { getUserStats } from './user-stats.service'

/** The user stats route; 401 without a session, 403 for another user's id. */
export const userStatsRoutes = (deps: Deps) =>
  new Elysia({ tags: ['users'] }).use(visitorSession(deps)).get(
    routes.userStats,
    ({ params, visitor }) => {
      requireOwnUser(visitor, params.id)
      return getUserStats(deps, params.id)
    },
    {
      visitor: true,
      params: IdParamsSchema,
      response: { 200: UserStatsSchema },
      detail: { summary: "Figures of the visitor's own uploads (public-visitor §7)" },
    },
  )
