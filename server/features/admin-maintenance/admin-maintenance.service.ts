/** Database maintenance (admin-back-office §2 Database, §3 result shapes; server-contract: Admin API), audited. */
import type { Deps } from '../../core/deps'
import type { InactiveCount, PurgeResult, ResetResult, SequenceFixResult } from '../../contract/admin/maintenance'
import { auditRow } from '../../core/audit-log'
import { countInactiveUsers, emptyResetTables, fixUserSequence, purgeInactiveUsers } from '../../repositories/maintenance.repository'

/** {inactiveUsers, totalUsers, percentage} with percentage to one decimal. */
export async function countInactiveAccounts(deps: Pick<Deps, 'db'>): Promise<InactiveCount> {
  const { inactive: inactiveUsers, total: totalUsers } = await countInactiveUsers(deps.db)
  return { inactiveUsers, totalUsers, percentage: totalUsers ? Math.round((inactiveUsers / totalUsers) * 1000) / 10 : 0 }
}

/** Deletes every inactive account in one transaction: one INACTIVE_USER_PURGE per user and one INACTIVE_ACCOUNTS_PURGE_COMPLETED. */
export async function purgeInactiveAccounts(deps: Pick<Deps, 'db' | 'clock' | 'config'>): Promise<PurgeResult> {
  const { purged, remainingUsers } = await purgeInactiveUsers(deps.db, (users, remaining) => [
    ...users.map((user) => auditRow(deps, 'INACTIVE_USER_PURGE', { userId: user.id, username: user.username, createdAt: user.createdAt })),
    auditRow(deps, 'INACTIVE_ACCOUNTS_PURGE_COMPLETED', {
      deletedCount: users.length,
      remainingUsers: remaining,
      by: deps.config.adminUsername,
    }),
  ])
  return { message: `Purged ${purged.length} inactive accounts`, deletedCount: purged.length, remainingUsers }
}

/** {success, nextUserId} after setting the users sequence to the largest id. */
export const repairUserSequence = async (deps: Pick<Deps, 'db'>): Promise<SequenceFixResult> => ({
  success: true,
  nextUserId: await fixUserSequence(deps.db),
})

/** Deletes users, media rows, votes, views, tokens and takedowns (configs, audit log and bucket stay) in one transaction with its audit event. */
export async function resetDatabase(deps: Pick<Deps, 'db' | 'clock' | 'config'>): Promise<ResetResult> {
  const deleted = await emptyResetTables(deps.db, (counts) =>
    auditRow(deps, 'DATABASE_RESET', { deleted: counts, by: deps.config.adminUsername }),
  )
  return { message: 'Database reset complete: users, media, votes, views, tokens and takedowns were deleted', deleted }
}
