/** POST /api/admin/populate-votes and POST /api/admin/fix-user-sequence (admin-back-office §3, §7). */
import { adminFetch } from './admin-api'

/**
 * One population call's answer (admin-back-office §3): paused while more calls are needed, success when done.
 * overallHotPercentage is 0-100; userIdRange reads 'first-last' ('' before any voter exists).
 */
export type PopulationResult = {
  success: boolean
  paused: boolean
  message: string
  mediaProcessed: number
  totalMediaCount: number
  totalVotesInserted: number
  usersCreated: number
  overallHotPercentage: number
  userIdRange: string
  error?: string
}

/** The sequence fix's answer: the id the next user will get. */
export type SequenceFixResult = { success: boolean; nextUserId: number; error?: string }

/** Runs one population call (about 500 votes). Throws ApiError; a 401 carries SESSION_EXPIRED. */
export const populateVotes = () => adminFetch<PopulationResult>('/api/admin/populate-votes', { method: 'POST' })

/** Sets the users id sequence to the largest id. Throws ApiError; a 401 carries SESSION_EXPIRED. */
export const fixUserSequence = () => adminFetch<SequenceFixResult>('/api/admin/fix-user-sequence', { method: 'POST' })
