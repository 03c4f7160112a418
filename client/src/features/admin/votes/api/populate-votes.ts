/** POST /api/admin/populate-votes and POST /api/admin/fix-user-sequence (admin-back-office §3, §7). */
import type { PopulationResult } from '@contract/admin/votes'
import type { SequenceFixResult } from '@contract/admin/maintenance'
import { paths } from '@contract/paths'
import { adminFetch } from '@client/features/admin/shell/api/admin-api'

/** Runs one population call (about 500 votes). Throws ApiError; a 401 carries SESSION_EXPIRED. */
export const populateVotes = () => adminFetch<PopulationResult>(paths.adminPopulateVotes(), { method: 'POST' })

/** Sets the users id sequence to the largest id. Throws ApiError; a 401 carries SESSION_EXPIRED. */
export const fixUserSequence = () => adminFetch<SequenceFixResult>(paths.adminFixSequence(), { method: 'POST' })
