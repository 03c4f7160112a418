/**
 * The Database page's write calls (admin-back-office §3 result shapes, §7): import media from the bucket, count and
 * purge inactive accounts, reset the database. Each throws ApiError (401: the expired-session text) on failure.
 */
import { adminFetch } from './admin-api'

/** POST /api/admin/import-media: counts of objects. */
export type ImportResult = { message: string; imported: number; skipped: number; errors: number; totalFiles: number }
/** GET /api/admin/inactive-accounts-count; percentage of all users, one decimal. */
export type InactiveCount = { inactiveUsers: number; totalUsers: number; percentage: number }
/** POST /api/admin/purge-inactive-accounts. */
export type PurgeResult = { message: string; deletedCount: number; remainingUsers: number }
/** POST /api/admin/reset-database. */
export type ResetResult = { message: string }

/** admin-back-office §8: the inactive count check's text when the answer is not JSON. */
export const NOT_JSON_MESSAGE = 'Server returned HTML instead of JSON - authentication may have failed'

/** Imports every media object of the bucket that is not yet a media row. */
export const importMedia = () => adminFetch<ImportResult>('/api/admin/import-media', { method: 'POST' })

/** How many accounts a purge would delete. Throws Error(NOT_JSON_MESSAGE) when the answer is not the JSON counts. */
export async function countInactiveAccounts(): Promise<InactiveCount> {
  const answer = await adminFetch<InactiveCount | undefined>('/api/admin/inactive-accounts-count', { cache: 'no-store' })
  if (typeof answer?.inactiveUsers !== 'number') throw new Error(NOT_JSON_MESSAGE)
  return answer
}

/** Deletes every inactive account (no email, no votes, no uploads, fewer than 2 views). */
export const purgeInactiveAccounts = () => adminFetch<PurgeResult>('/api/admin/purge-inactive-accounts', { method: 'POST' })

/** Deletes users, media rows, votes, views, tokens and takedowns. */
export const resetDatabase = () => adminFetch<ResetResult>('/api/admin/reset-database', { method: 'POST' })
