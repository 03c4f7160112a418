/** Statistics of a visitor's own uploads (public-visitor §2 Stats screen; server-contract: GET /api/users/:id/stats). */
import type { Deps } from '../../core/deps'
import type { UserStats } from '../../contract/users'
import { toVoteStats } from '../../media/vote-stats'
import { mediaLinks } from '../../media/media-url'
import { findOwnMediaWithFigures } from '../../repositories/media.repository'

/** Totals and per-item figures of what userId's uploads received (actual counts, no multiplier). */
export async function getUserStats(deps: Pick<Deps, 'db' | 'config'>, userId: number): Promise<UserStats> {
  const mediaStats = (await findOwnMediaWithFigures(deps.db, userId)).map((row) => {
    const { hotPercentage, notPercentage } = toVoteStats(row.totalVotes, row.hotVotes)
    return {
      id: row.id,
      mimeType: row.mimeType,
      originalName: row.originalName,
      size: row.size,
      uploadedAt: row.uploadedAt,
      totalViews: row.totalViews,
      totalVotes: row.totalVotes,
      hotPercentage,
      notPercentage,
      ...mediaLinks(deps.config, row),
    }
  })
  return {
    totalUploads: mediaStats.length,
    totalVotes: mediaStats.reduce((n, m) => n + m.totalVotes, 0),
    totalViews: mediaStats.reduce((n, m) => n + m.totalViews, 0),
    mediaStats,
  }
}
