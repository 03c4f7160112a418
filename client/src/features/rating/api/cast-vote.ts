/**
 * Casting a vote (public-visitor §4 Rating flow, §7): POST /api/votes; on success the current and next
 * random-media queries are refreshed. recordView posts a view (POST /api/media/:id/view).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { VoteAnswer, VoteInput } from '@contract/votes'
import { apiFetch } from '@client/lib/api-client'

/** Sends one vote; resolves to the vote and the item's new actual figures. */
export const castVote = (input: VoteInput) => apiFetch<VoteAnswer>('/api/votes', { method: 'POST', json: input })

/** Records that userId saw mediaId (204). */
export const recordView = (mediaId: number, userId: number) => apiFetch<void>(`/api/media/${mediaId}/view`, { method: 'POST', json: { userId } })

/** The vote mutation; onVoted runs with the answer before the random-media queries are refreshed. */
export function useCastVote(onVoted: (answer: VoteAnswer) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: castVote,
    onSuccess: (answer) => {
      onVoted(answer)
      return queryClient.invalidateQueries({ queryKey: ['media', 'random'] })
    },
  })
}
