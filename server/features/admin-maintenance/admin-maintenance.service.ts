/** Database maintenance (admin-back-office §2 Database, §3 result shapes; server-contract: Admin API), audited. */
import type { Deps } from '../../core/deps'
import type { InactiveCount, PurgeResult, ResetResult, SequenceFixResult } from '../../contract/admin/maintenance'
import { inTransaction } from '../../db/open'
import { writeAuditEvent } from '../../core/audit-log'
import { countUsers, deleteUser, emptyResetTables, findInactiveUsers, fixUserSequence } from './admin-maintenance.repo'

/** {inactiveUsers, totalUsers, percentage} with percentage to one decimal. */
export function countInactiveAccounts(deps: Pick<Deps, 'db'>): InactiveCount {
  const inactiveUsers = findInactiveUsers(deps.db).length
  const totalUsers = countUsers(deps.db)
  return { inactiveUsers, totalUsers, percentage: totalUsers ? Math.round((inactiveUsers / totalUsers) * 1000) / 10 : 0 }
}

/** Deletes every inactive account: one INACTIVE_USER_PURGE per user and one INACTIVE_ACCOUNTS_PURGE_COMPLETED. */
export function purgeInactiveAccounts(deps: Pick<Deps, 'db' | 'clock' | 'config'>): PurgeResult {
  return inTransaction(deps.db, () => {
    const inactive = findInactiveUsers(deps.db)
    for (const user of inactive) {
      deleteUser(deps.db, user.id)
      writeAuditEvent(deps, 'INACTIVE_USER_PURGE', { userId: user.id, username: user.username, createdAt: user.createdAt })
    }
    const remainingUsers = countUsers(deps.db)
    writeAuditEvent(deps, 'INACTIVE_ACCOUNTS_PURGE_COMPLETED', { deletedCount: inactive.length, remainingUsers, by: deps.config.adminUsername })
    return { message: `Purged ${inactive.length} inactive accounts`, deletedCount: inactive.length, remainingUsers }
  })
}

/** {success, nextUserId} after setting the users sequence to the largest id. */
export const repairUserSequence = (deps: Pick<Deps, 'db'>): SequenceFixResult => ({ success: true, nextUserId: fixUserSequence(deps.db) })

/** Deletes users, media rows, votes, views, tokens and takedowns (configs, audit log and bucket stay); audited. */
export function resetDatabase(deps: Pick<Deps, 'db' | 'clock' | 'config'>): ResetResult {
  return inTransaction(deps.db, () => {
    const deleted = emptyResetTables(deps.db)
    writeAuditEvent(deps, 'DATABASE_RESET', { deleted, by: deps.config.adminUsername })
    return { message: 'Database reset complete: users, media, votes, views, tokens and takedowns were deleted', deleted }
  })
}
