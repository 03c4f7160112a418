/**
 * Vote figures of a media item (public-visitor §3 Media item for rating), shared by rating, votes and stats.
 * Counts are the item's counters media.total_votes and media.hot_votes, which triggers on votes keep equal to a
 * recount in the same transaction as every vote written or deleted (issue #12; drizzle/0003_vote_counter_triggers.sql).
 */
import { sql } from 'drizzle-orm'
import type { VoteStats } from '../contract/media'

/** Whole-number percentages of hot out of total; both 0 when there are no votes, otherwise they add up to 100. */
export function toVoteStats(total: number, hot: number): VoteStats {
  if (total === 0) return { totalVotes: 0, hotPercentage: 0, notPercentage: 0 }
  const hotPercentage = Math.round((hot / total) * 100)
  return { totalVotes: total, hotPercentage, notPercentage: 100 - hotPercentage }
}

/**
 * Select-list columns with a media row's actual figures, for queries over `media`. Table names are written out:
 * drizzle leaves select-list columns unqualified, and a bare "id" inside a subquery would mean votes.id.
 */
export const mediaFigureColumns = {
  totalVotes: sql<number>`media.total_votes`,
  hotVotes: sql<number>`media.hot_votes`,
  totalViews: sql<number>`(select count(*) from views where views.media_id = media.id)`,
}
