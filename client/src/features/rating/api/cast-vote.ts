/**
 * Votes and views through the offline outbox (public-visitor §4 Rating flow, §7): POST /api/votes and
 * POST /api/media/:id/view are written to IndexedDB first and sent from there, so they survive going offline and
 * reach the server once. optimisticStats() gives the figures to show before the server's answer.
 */
import type { RateMedia, VoteStats } from '@contract/media'
import type { VoteInput } from '@contract/votes'
import { enqueueOutbox } from '@client/lib/offline/outbox'

/** Queues input as a vote under id (the Idempotency-Key); resolves once stored. Rejects when IndexedDB fails. */
export const queueVote = (input: VoteInput, id: string = crypto.randomUUID()) => enqueueOutbox({ kind: 'vote', vote: input }, id)

/** Queues a view of mediaId by userId; resolves once stored. */
export const queueView = (mediaId: number, userId: number) => enqueueOutbox({ kind: 'view', mediaId, userId })

/** The item's figures with one more vote (hot or not), percentages rounded as the server does. */
export function optimisticStats(item: RateMedia, isHot: boolean): VoteStats {
  const hot = Math.round((item.totalVotes * item.hotPercentage) / 100) + (isHot ? 1 : 0)
  const total = item.totalVotes + 1
  const hotPercentage = Math.round((hot / total) * 100)
  return { totalVotes: total, hotPercentage, notPercentage: 100 - hotPercentage }
}
