/**
 * Vote multiplier configuration (admin-back-office §2 Vote Multiplier Settings, §7 vote-multiplier-config, §9): the admin
 * read (cached 10 minutes) and the save. Fetchers throw ApiError.
 */
import { queryOptions } from '@tanstack/react-query'
import type { VoteMultiplierConfig, VoteMultiplierInput } from '@contract/admin/config'
import { paths } from '@contract/paths'
import { adminFetch } from '@client/features/admin/shell/api/admin-api'

/** The admin read, key ['admin', 'vote-multiplier'], kept 10 minutes. */
export const voteMultiplierAdminQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'vote-multiplier'],
    queryFn: () => adminFetch<VoteMultiplierConfig>(paths.adminConfig('vote-multiplier')),
    staleTime: 10 * 60 * 1000,
  })

/** Saves the multiplier; answers the saved config. 400 'Vote multiplier must be greater than 0' at or below 0. */
export const saveVoteMultiplier = (input: VoteMultiplierInput) =>
  adminFetch<VoteMultiplierConfig>(paths.adminConfig('vote-multiplier'), { method: 'POST', json: input })
