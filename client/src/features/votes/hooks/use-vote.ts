/**
 * Voting on the rate screen (public-visitor §4 Rating flow): the head of the prefetched queue is on screen, a view is queued once
 * for each item shown, a vote goes to the outbox and at once reveals the item's figures with that vote counted
 * (replaced by the server's figures if its answer comes in time) for REVEAL_MS before the next item; an item whose
 * file fails to load is passed over (and offered again after a load error, useMediaQueue). Works offline for as long
 * as the queue lasts.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { VoteAnswer } from '@contract/votes'
import type { VoteStats } from '@contract/media'
import { toast } from '@client/lib/toast'
import { useOutboxEvent } from '@client/lib/offline/use-outbox'
import { queueView } from '../api/queue-view'
import { queueVote } from '../api/queue-vote'
import { optimisticStats } from '../optimistic-stats'
import { useMediaQueue } from './use-media-queue'
import { usePrefetchMedia } from './use-prefetch-media'
import { markFirstVote } from '../first-media'

/** How long the voted item's new figures stay on screen before the next item, ms. */
export const REVEAL_MS = 700

/** What the live region says after a vote, e.g. 'Voted Hot: 67% Hot, 33% Not'. */
const voteResultText = (isHot: boolean, stats: VoteStats) =>
  `Voted ${isHot ? 'Hot' : 'Not'}: ${stats.hotPercentage}% Hot, ${stats.notPercentage}% Not`

/** State and actions of the rate screen for userId; onVoted runs after each vote is queued; announcement: the last vote's result while its item is on screen ('' otherwise). */
export function useVote(userId: number, onVoted?: () => void) {
  const queue = useMediaQueue(userId)
  const item = queue.items[0]
  usePrefetchMedia(queue.items)
  // The figures of the item just voted on (and the vote's outbox id); they apply only while that item is on screen.
  const [revealed, setRevealed] = useState<{ mediaId: number; voteId: string; stats: VoteStats } | null>(null)
  const viewed = useRef(new Set<number>())
  // The last vote's result for the polite live region; cleared when its item leaves, so the next result is announced
  // even when its text is the same.
  const [announcement, setAnnouncement] = useState('')

  // Queue a view once for each item shown that the user has not voted on.
  useEffect(() => {
    if (!item || item.userHasVoted || viewed.current.has(item.id)) return
    viewed.current.add(item.id)
    queueView(item.id, userId).catch(() => viewed.current.delete(item.id))
  }, [item, userId])

  // The server's answer to the vote being revealed replaces the optimistic figures.
  useOutboxEvent((e) => {
    if (e.type !== 'sent' || e.kind !== 'vote') return
    const answer = e.body as VoteAnswer
    setRevealed((r) => (r && r.voteId === e.id ? { ...r, stats: answer.stats } : r))
  })

  const isRevealing = revealed !== null && revealed.mediaId === item?.id
  const busy = isRevealing

  /** Moves past the item on screen: the visitor skipped it. */
  const skip = useCallback(() => item && queue.remove(item.id, 'skipped'), [item, queue.remove])
  /** Moves past the item on screen: its file failed to load (offered again after a load error, useMediaQueue). */
  const fileFailed = useCallback(() => item && queue.remove(item.id, 'failed'), [item, queue.remove])

  /** Votes on the item on screen through the outbox; failing to store it shows 'Vote Failed'. */
  const castVote = (isHot: boolean) => {
    if (!item || busy) return
    const voteId = crypto.randomUUID()
    const stats = optimisticStats(item, isHot)
    markFirstVote()
    setRevealed({ mediaId: item.id, voteId, stats })
    setAnnouncement(voteResultText(isHot, stats))
    queueVote({ userId, mediaId: item.id, isHot }, voteId).then(
      () => onVoted?.(),
      (e: Error) => toast({ title: 'Vote Failed', description: e.message || 'Failed to submit vote', variant: 'destructive' }),
    )
    const mediaId = item.id
    setTimeout(() => (queue.remove(mediaId, 'voted'), setAnnouncement('')), REVEAL_MS)
  }

  return {
    status: queue.status,
    item,
    stats: isRevealing ? revealed.stats : item,
    castVote,
    skip,
    fileFailed,
    busy,
    refresh: queue.refresh,
    announcement,
  }
}
