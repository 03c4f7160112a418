/** Casting votes (public-visitor §4 Rating flow; server-contract: POST /api/votes): one per user and item, replay-safe. */
import type { Deps } from '../../core/deps'
import type { VoteAnswer, VoteInput } from '../../contract/votes'
import { HttpError, NO_SESSION } from '../../http/errors'
import { isMissingReference } from '../../db/database'
import { findMediaById } from '../../repositories/media.repository'
import { toVoteStats } from '../../media/vote-stats'
import { insertVoteOnce } from '../../repositories/votes.repository'
import { countVote } from '../../core/metrics'

/**
 * Records input's vote, answering once the transaction holding it has committed (votes.repository's group commit;
 * another vote's failure never fails this one). A repeat (an offline replay) returns the first vote, created false.
 * Rejects with HttpError 404 (unknown or hidden media, also when deleted while the vote was written), 403 (own
 * media), 401 (the voter was deleted after its session was checked).
 */
export async function castVote(deps: Pick<Deps, 'db' | 'clock'>, input: VoteInput): Promise<{ created: boolean; answer: VoteAnswer }> {
  const createdAt = deps.clock.now().toISOString()
  const write = await insertVoteOnce(deps.db, { ...input, createdAt }).catch(async (e) => {
    if (!isMissingReference(e)) throw e
    // The item or the voter was deleted between the checks and the insert: answer as if it had been missing then.
    const item = await findMediaById(deps.db, input.mediaId)
    throw !item || item.hiddenAt ? new HttpError(404, 'Media not found') : new HttpError(401, NO_SESSION)
  })
  if (write.kind === 'missing') throw new HttpError(404, 'Media not found')
  if (write.kind === 'own') throw new HttpError(403, 'You cannot vote on your own media')
  const { totalVotes, hotVotes } = write.target
  countVote(write.kind === 'created')
  if (write.kind === 'repeat') return { created: false, answer: { vote: write.vote, stats: toVoteStats(totalVotes, hotVotes) } }
  // The item was read in the vote's transaction, so its counters plus this vote are the item's figures now.
  const vote = { id: write.id, userId: input.userId, mediaId: input.mediaId, isHot: input.isHot, createdAt }
  return { created: true, answer: { vote, stats: toVoteStats(totalVotes + 1, hotVotes + Number(input.isHot)) } }
}
