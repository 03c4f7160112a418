/**
 * Casting a vote (public-visitor §4 Rating flow, §7): POST /api/votes. The rating hook refreshes the current
 * and next random-media queries once the voted item's new figures have been shown. recordView posts a view.
 */
import { useMutation } from '@tanstack/react-query'
import type { VoteAnswer, VoteInput } from '@contract/votes'
import { apiFetch } from '@client/lib/api-client'

/** Sends one vote; resolves to the vote and the item's new actual figures. */
export const castVote = (input: VoteInput) => apiFetch<VoteAnswer>('/api/votes', { method: 'POST', json: input })

/** Records that userId saw mediaId (204). */
export const recordView = (mediaId: number, userId: number) => apiFetch<void>(`/api/media/${mediaId}/view`, { method: 'POST', json: { userId } })

/** The vote mutation; onVoted runs with the answer. */
export const useCastVote = (onVoted: (answer: VoteAnswer) => void) => useMutation({ mutationFn: castVote, onSuccess: onVoted })
