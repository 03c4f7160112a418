/**
 * Vote figures of a media item (public-visitor §3 Media item for rating), shared by rating, votes and stats.
 * Counts come from the covering index votes(media_id, is_hot), never from the table.
 */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/open'
import { perDb } from '../db/prepared'
import { votes } from '../db/schema'
import type { VoteStats } from '../contract/media'

/** Whole-number percentages of hot out of total; both 0 when there are no votes, otherwise they add up to 100. */
export function toVoteStats(total: number, hot: number): VoteStats {
  if (total === 0) return { totalVotes: 0, hotPercentage: 0, notPercentage: 0 }
  const hotPercentage = Math.round((hot / total) * 100)
  return { totalVotes: total, hotPercentage, notPercentage: 100 - hotPercentage }
}

const countsOf = perDb((db) =>
  db
    .select({ total: sql<number>`count(*)`, hot: sql<number>`coalesce(sum(${votes.isHot}), 0)` })
    .from(votes)
    .where(eq(votes.mediaId, sql.placeholder('mediaId')))
    .prepare(),
)

/** Actual (never multiplied) vote figures of one media item. */
export function voteStatsForMedia(db: Db, mediaId: number): VoteStats {
  const row = countsOf(db).get({ mediaId })!
  return toVoteStats(row.total, row.hot)
}

/**
 * Select-list columns with a media row's actual figures, for queries over `media`. Table names are written out:
 * drizzle leaves select-list columns unqualified, and a bare "id" inside a subquery would mean votes.id.
 */
export const mediaFigureColumns = {
  totalVotes: sql<number>`(select count(*) from votes where votes.media_id = media.id)`,
  hotVotes: sql<number>`(select count(*) from votes where votes.media_id = media.id and votes.is_hot = 1)`,
  totalViews: sql<number>`(select count(*) from views where views.media_id = media.id)`,
}
