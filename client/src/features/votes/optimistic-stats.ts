/** The figures the rate screen shows right after a vote, before the server's answer (public-visitor §4 Rating flow). */
import type { RateMedia, VoteStats } from '@contract/media'

/** The item's figures with one more vote (hot or not), percentages rounded as the server does. */
export function optimisticStats(item: RateMedia, isHot: boolean): VoteStats {
  const hot = Math.round((item.totalVotes * item.hotPercentage) / 100) + (isHot ? 1 : 0)
  const total = item.totalVotes + 1
  const hotPercentage = Math.round((hot / total) * 100)
  return { totalVotes: total, hotPercentage, notPercentage: 100 - hotPercentage }
}
