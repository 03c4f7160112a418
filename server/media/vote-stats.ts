/**
 * Vote figures of a media item (public-visitor §3 Media item for rating), shared by the media pick, votes and stats. Counts
 * are the item's counters media.total_votes and media.hot_votes (server/repositories/media.repository.ts).
 */
import type { VoteStats } from '../contract/media'

/** Whole-number percentages of hot out of total; both 0 when there are no votes, otherwise they add up to 100. */
export function toVoteStats(total: number, hot: number): VoteStats {
  if (total === 0) return { totalVotes: 0, hotPercentage: 0, notPercentage: 0 }
  const hotPercentage = Math.round((hot / total) * 100)
  return { totalVotes: total, hotPercentage, notPercentage: 100 - hotPercentage }
}
