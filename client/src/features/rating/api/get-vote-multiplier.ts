/** The vote multiplier (public-visitor §7, §9): cached 30 min; displayed totals are round(actual x multiplier) when enabled. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { VoteMultiplier } from '@contract/public-config'
import { apiFetch } from '@client/lib/api-client'

/** Config cache for the multiplier, ms. */
export const VOTE_MULTIPLIER_STALE_MS = 30 * 60 * 1000

/** Query options of GET /api/vote-multiplier-config. */
export const voteMultiplierQueryOptions = () =>
  queryOptions({ queryKey: ['/api/vote-multiplier-config'], queryFn: () => apiFetch<VoteMultiplier>('/api/vote-multiplier-config'), staleTime: VOTE_MULTIPLIER_STALE_MS })

/** The displayed total of actual votes under config (public-visitor §9). */
export const displayedTotal = (actual: number, config?: VoteMultiplier) => (config?.isEnabled ? Math.round(actual * config.multiplier) : actual)

/** The multiplier query. */
export const useVoteMultiplier = () => useQuery(voteMultiplierQueryOptions())
