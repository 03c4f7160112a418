/** Casting votes (public-visitor §4 Rating flow; server-contract: POST /api/votes): one per user and item, replay-safe. */
import type { Deps } from '../../deps'
import { inTransaction } from '../../db/open'
import type { VoteAnswer, VoteInput } from '../../contract/votes'
import { HttpError } from '../../http/errors'
import { voteStatsForMedia } from '../../ratings/vote-stats'
import { findMediaById } from '../media/media.repo' // the vote rules need the item's owner and visibility
import { findVote, insertVoteOnce } from './votes.repo'

/**
 * Records input's vote in one transaction. A repeat (an offline replay) returns the first vote, created false.
 * Throws HttpError 404 (unknown or hidden media), 403 (own media).
 */
export function castVote(deps: Pick<Deps, 'db' | 'clock'>, input: VoteInput): { created: boolean; answer: VoteAnswer } {
  return inTransaction(deps.db, () => {
    const media = findMediaById(deps.db, input.mediaId)
    if (!media || media.hiddenAt) throw new HttpError(404, 'Media not found')
    if (media.userId === input.userId) throw new HttpError(403, 'You cannot vote on your own media')
    const inserted = insertVoteOnce(deps.db, { ...input, createdAt: deps.clock.now().toISOString() })
    const vote = inserted ?? findVote(deps.db, input.userId, input.mediaId)!
    return { created: inserted !== undefined, answer: { vote, stats: voteStatsForMedia(deps.db, input.mediaId) } }
  })
}
