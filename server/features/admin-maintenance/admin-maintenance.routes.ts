/** Maintenance calls under /api/admin (admin-back-office §7). Mounted behind adminGuard. */
import { Elysia } from 'elysia'
import type { Deps } from '../../core/deps'
import { InactiveCountSchema, PurgeResultSchema, ResetResultSchema, SequenceFixResultSchema } from '../../contract/admin/maintenance'
import { routes } from '../../contract/paths'
import { ErrorSchema } from '../../contract/common'
import { withJobLock } from '../../http/job-lock'
import { countInactiveAccounts, purgeInactiveAccounts, repairUserSequence, resetDatabase } from './admin-maintenance.service'

const detail = (summary: string) => ({ summary, tags: ['admin maintenance'] })

/** The maintenance routes. */
export const adminMaintenanceRoutes = (deps: Deps) =>
  new Elysia()
    .get(routes.adminInactiveCount, () => countInactiveAccounts(deps), {
      response: { 200: InactiveCountSchema },
      detail: detail('How many accounts a purge would delete'),
    })
    .post(routes.adminPurgeInactive, () => withJobLock(deps, 'inactivePurge', () => purgeInactiveAccounts(deps)), {
      response: { 200: PurgeResultSchema, 409: ErrorSchema },
      detail: detail('Delete accounts with no email, votes, uploads and fewer than 2 views (audited)'),
    })
    .post(routes.adminFixSequence, () => repairUserSequence(deps), {
      response: { 200: SequenceFixResultSchema },
      detail: detail('Set the users id sequence to the largest id'),
    })
    .post(routes.adminResetDatabase, () => withJobLock(deps, 'databaseReset', () => resetDatabase(deps)), {
      response: { 200: ResetResultSchema, 409: ErrorSchema },
      detail: detail('Delete users, media rows, votes, views, tokens and takedowns; keep configs and audit log'),
    })
