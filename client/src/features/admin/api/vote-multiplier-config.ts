/**
 * Vote multiplier configuration (admin-back-office §2 Vote Multiplier Settings, §7 vote-multiplier-config, §9): the admin
 * read (cached 10 minutes) and the save. Fetchers throw ApiError.
 */
import { queryOptions } from '@tanstack/react-query'
import type * as v from 'valibot'
import type { VoteMultiplierConfigSchema, VoteMultiplierInputSchema } from '@contract/admin/config'
import { adminFetch } from './admin-api'

/** The saved multiplier: isEnabled, multiplier (a factor > 0), updatedAt ISO-8601 UTC or null before the first save. */
export type VoteMultiplierConfig = v.InferOutput<typeof VoteMultiplierConfigSchema>
/** POST body: isEnabled and multiplier (> 0, at most 1000). */
export type VoteMultiplierInput = v.InferOutput<typeof VoteMultiplierInputSchema>

/** The admin read, key ['admin', 'vote-multiplier'], kept 10 minutes. */
export const voteMultiplierAdminQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'vote-multiplier'], queryFn: () => adminFetch<VoteMultiplierConfig>('/api/admin/vote-multiplier-config'), staleTime: 10 * 60 * 1000 })

/** Saves the multiplier; answers the saved config. 400 'Vote multiplier must be greater than 0' at or below 0. */
export const saveVoteMultiplier = (input: VoteMultiplierInput) => adminFetch<VoteMultiplierConfig>('/api/admin/vote-multiplier-config', { method: 'POST', json: input })
