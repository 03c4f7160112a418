/** The vote multiplier (public-visitor §7, §9): cached 30 min; displayed totals are round(actual x multiplier) when enabled. */
import { useQuery } from '@tanstack/react-query'
import type { VoteMultiplier } from '@contract/public-config'
import { voteMultiplierQueryOptions } from '@client/lib/public-config-queries'

/** The displayed total of actual votes under config (public-visitor §9). */
export const displayedTotal = (actual: number, config?: VoteMultiplier) =>
  config?.isEnabled ? Math.round(actual * config.multiplier) : actual

/** The multiplier query. */
export const useVoteMultiplier = () => useQuery(voteMultiplierQueryOptions())
