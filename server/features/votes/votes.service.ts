/** Casting votes (public-visitor §4 Rating flow; server-contract: POST /api/votes): one per user and item, replay-safe. */
import type { Deps } from '../../core/deps'
import { perDb } from '../../db/prepared'
import { createGroupCommit } from '../../db/group-commit'
import type { VoteAnswer, VoteInput } from '../../contract/votes'
import { HttpError } from '../../http/errors'
import { toVoteStats } from '../../ratings/vote-stats'
import { findMediaById } from '../../media/media-items.repo' // the vote rules need the item's owner and visibility
import { findVote, insertVoteOnce } from './votes.repo'

/** The group committer of each database's votes (issue #12): votes arriving within a few ms share one transaction. */
const voteCommits = perDb((db) => createGroupCommit(db))

/** The vote rules and write, run inside the open transaction (its own savepoint of a group commit). */
function recordVote(deps: Pick<Deps, 'db' | 'clock'>, input: VoteInput): { created: boolean; answer: VoteAnswer } {
  const media = findMediaById(deps.db, input.mediaId)
  if (!media || media.hiddenAt) throw new HttpError(404, 'Media not found')
  if (media.userId === input.userId) throw new HttpError(403, 'You cannot vote on your own media')
  const inserted = insertVoteOnce(deps.db, { ...input, createdAt: deps.clock.now().toISOString() })
  if (!inserted) return { created: false, answer: { vote: findVote(deps.db, input.userId, input.mediaId)!, stats: toVoteStats(media.totalVotes, media.hotVotes) } }
  // The row was read in this transaction, so its counters plus this vote are the item's figures now.
  return { created: true, answer: { vote: inserted, stats: toVoteStats(media.totalVotes + 1, media.hotVotes + Number(input.isHot)) } }
}

/**
 * Records input's vote, answering once the transaction holding it has committed (a group commit shared with the
 * votes that arrived within the same few ms; another vote's failure never fails this one). A repeat (an offline
 * replay) returns the first vote, created false. Rejects with HttpError 404 (unknown or hidden media), 403 (own media).
 */
export const castVote = (deps: Pick<Deps, 'db' | 'clock'>, input: VoteInput): Promise<{ created: boolean; answer: VoteAnswer }> =>
  voteCommits(deps.db).run(() => recordVote(deps, input))
