/**
 * The rating flow (public-visitor §4): current and prefetched next item (image preloaded), a view recorded
 * for each item shown, votes that reveal the item's new figures before moving on, failed media skipped.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { VoteStats } from '@contract/media'
import { ApiError } from '@client/lib/api-client'
import { toast } from '@client/lib/toast'
import { currentMediaQueryOptions, nextMediaQueryOptions } from '../api/get-random-media'
import { recordView, useCastVote } from '../api/cast-vote'

/** How long the voted item's new figures stay on screen before the next item, ms. */
export const REVEAL_MS = 700

/** State and actions of the rate screen for userId; onVoted runs after each successful vote. */
export function useRating(userId: number, onVoted?: () => void) {
  const queryClient = useQueryClient()
  const currentOptions = currentMediaQueryOptions(userId)
  const current = useQuery(currentOptions)
  const item = current.data ?? undefined
  const next = useQuery(nextMediaQueryOptions(userId, item?.id))
  // The figures of the item just voted on; they apply only while that item is still on screen.
  const [revealed, setRevealed] = useState<{ mediaId: number; stats: VoteStats } | null>(null)
  const viewed = useRef(new Set<number>())

  // Preload the next image so it shows at once (public-visitor §4).
  useEffect(() => {
    if (next.data && next.data.mimeType.startsWith('image/')) new Image().src = next.data.url
  }, [next.data])

  // Record a view once for each item shown that the user has not voted on.
  useEffect(() => {
    if (!item || item.userHasVoted || viewed.current.has(item.id)) return
    viewed.current.add(item.id)
    recordView(item.id, userId).catch(() => viewed.current.delete(item.id))
  }, [item, userId])

  /**
   * Shows the prefetched next item as the current one, read from the cache at call time (a vote may be cast
   * before the prefetch lands). Without one, a new item is fetched; the voted item and its figures stay until it arrives.
   */
  const advance = useCallback(() => {
    const prefetched = item && queryClient.getQueryData(nextMediaQueryOptions(userId, item.id).queryKey)
    if (prefetched) {
      queryClient.setQueryData(currentOptions.queryKey, prefetched)
      // Only the slot still to fill is refreshed, so the item on screen never flips to another random pick.
      return queryClient.invalidateQueries({ queryKey: ['media', 'random', { userId, slot: 'next' }] })
    }
    return queryClient.invalidateQueries({ queryKey: ['media', 'random'] })
  }, [item, queryClient, currentOptions.queryKey, userId])

  const vote = useCastVote((answer) => setRevealed({ mediaId: answer.vote.mediaId, stats: answer.stats }))
  const isRevealing = revealed !== null && revealed.mediaId === item?.id
  const busy = vote.isPending || isRevealing

  /** Votes on the item on screen; a failure shows 'Vote Failed'. */
  const castVote = (isHot: boolean) => {
    if (!item || busy) return
    vote.mutate(
      { userId, mediaId: item.id, isHot },
      {
        onSuccess: () => {
          onVoted?.()
          setTimeout(advance, REVEAL_MS)
        },
        onError: (e) => toast({ title: 'Vote Failed', description: (e instanceof ApiError && e.serverMessage) || e.message || 'Failed to submit vote', variant: 'destructive' }),
      },
    )
  }

  return { current, item, stats: isRevealing ? revealed.stats : item, castVote, skip: advance, busy, refresh: () => current.refetch() }
}
