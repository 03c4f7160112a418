/** Database maintenance answers (admin-back-office §3 result shapes, §7): inactive count, purge, sequence fix, reset. */
import * as v from 'valibot'

/** GET /api/admin/inactive-accounts-count: accounts a purge would delete; percentage of all users, one decimal. */
export const InactiveCountSchema = v.object({ inactiveUsers: v.number(), totalUsers: v.number(), percentage: v.number() })
export type InactiveCount = v.InferOutput<typeof InactiveCountSchema>

/** POST /api/admin/purge-inactive-accounts: how many accounts went and how many remain. */
export const PurgeResultSchema = v.object({ message: v.string(), deletedCount: v.number(), remainingUsers: v.number() })
export type PurgeResult = v.InferOutput<typeof PurgeResultSchema>

/** POST /api/admin/fix-user-sequence: the id the next user will get; error (spec) is never sent, failures are HTTP errors. */
export const SequenceFixResultSchema = v.object({ success: v.boolean(), nextUserId: v.number(), error: v.optional(v.string()) })
export type SequenceFixResult = v.InferOutput<typeof SequenceFixResultSchema>

/** POST /api/admin/reset-database: deleted is rows deleted per table name. */
export const ResetResultSchema = v.object({ message: v.string(), deleted: v.record(v.string(), v.number()) })
export type ResetResult = v.InferOutput<typeof ResetResultSchema>
