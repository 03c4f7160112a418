/**
 * The Database page's write calls (admin-back-office §3 result shapes, §7): import media from the bucket, count and
 * purge inactive accounts, reset the database. Each throws ApiError (401: the expired-session text) on failure.
 */
import type { ImportResult } from '@contract/admin/bucket'
import type { InactiveCount, PurgeResult, ResetResult } from '@contract/admin/maintenance'
import { paths } from '@contract/paths'
import { adminFetch } from '@client/features/admin/shell/api/admin-api'

/** admin-back-office §8: the inactive count check's text when the answer is not JSON. */
export const NOT_JSON_MESSAGE = 'Server returned HTML instead of JSON - authentication may have failed'

/** Imports every media object of the bucket that is not yet a media row. */
export const importMedia = () => adminFetch<ImportResult>(paths.adminImportMedia(), { method: 'POST' })

/** How many accounts a purge would delete. Throws Error(NOT_JSON_MESSAGE) when the answer is not the JSON counts. */
export async function countInactiveAccounts(): Promise<InactiveCount> {
  const answer = await adminFetch<InactiveCount | undefined>(paths.adminInactiveCount(), { cache: 'no-store' })
  if (typeof answer?.inactiveUsers !== 'number') throw new Error(NOT_JSON_MESSAGE)
  return answer
}

/** Deletes every inactive account (no email, no votes, no uploads, fewer than 2 views). */
export const purgeInactiveAccounts = () => adminFetch<PurgeResult>(paths.adminPurgeInactive(), { method: 'POST' })

/** Deletes users, media rows, votes, views, tokens and takedowns. */
export const resetDatabase = () => adminFetch<ResetResult>(paths.adminResetDatabase(), { method: 'POST' })
