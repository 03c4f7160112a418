/**
 * The votes feature's offline kinds (public-visitor §4 Rating flow, §7; server-contract: replay-safe votes and views):
 * 'vote' sends POST /api/votes with the VoteInput, 'view' sends POST /api/media/:id/view with { userId }. Registered
 * with the outbox when this module loads; client/src/outbox-kinds.ts loads it in the window and the service worker.
 */
import type { VoteInput } from '@contract/votes'
import { paths } from '@contract/paths'
import { jsonRequest, registerOutboxKind } from '@client/lib/offline/outbox-kinds'

/** A stored vote: what POST /api/votes takes. */
export type VotePayload = { kind: 'vote'; vote: VoteInput }
/** A stored view of mediaId by userId. */
export type ViewPayload = { kind: 'view'; mediaId: number; userId: number }

/** Votes: a refusal titled 'Vote Failed' with the server's message, else 'Failed to submit vote' (public-visitor §8). */
export const voteKind = registerOutboxKind<VotePayload>({
  kind: 'vote',
  request: (item) => jsonRequest(paths.votes(), item.vote),
  report: (item) => ({ mediaId: item.vote.mediaId }),
  drop: { title: 'Vote Failed', fallback: 'Failed to submit vote', rank: 1 },
})

/** Views: the least important refusal when several come at once. */
export const viewKind = registerOutboxKind<ViewPayload>({
  kind: 'view',
  request: (item) => jsonRequest(paths.mediaView(item.mediaId), { userId: item.userId }),
  report: (item) => ({ mediaId: item.mediaId }),
  drop: { title: 'View not recorded', fallback: 'The view could not be recorded', rank: 2 },
})
