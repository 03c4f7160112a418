/**
 * Votes through the offline outbox (public-visitor §4 Rating flow, §7 POST /api/votes): a vote is written to
 * IndexedDB first and sent from there, so it survives going offline and reaches the server once.
 */
import type { VoteInput } from '@contract/votes'
import { enqueueOutbox } from '@client/lib/offline/outbox'
import type { VotePayload } from '../outbox-kinds'

/** Queues input as a vote under id (the Idempotency-Key); resolves once stored. Rejects when IndexedDB fails. */
export const queueVote = (input: VoteInput, id: string = crypto.randomUUID()) =>
  enqueueOutbox<VotePayload>({ kind: 'vote', vote: input }, id)
