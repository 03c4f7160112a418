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

  /** Shows the prefetched next item (or fetches a new one) as the current item. */
  const advance = useCallback(() => {
    setRevealed(null)
    if (next.data !== undefined && next.data !== null) queryClient.setQueryData(currentOptions.queryKey, next.data)
    return queryClient.invalidateQueries({ queryKey: ['media', 'random'] })
  }, [next.data, queryClient, currentOptions.queryKey])

  const vote = useCastVote((answer) => setRevealed({ mediaId: answer.vote.mediaId, stats: answer.stats }))

  /** Votes on the item on screen; a failure shows 'Vote Failed'. */
  const castVote = (isHot: boolean) => {
    if (!item || vote.isPending || revealed) return
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

  const stats = revealed && item && revealed.mediaId === item.id ? revealed.stats : item
  return { current, item, stats, castVote, skip: advance, busy: vote.isPending || revealed !== null, refresh: () => current.refetch() }
}
