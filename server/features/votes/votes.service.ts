/** Casting votes (public-visitor §4 Rating flow; server-contract: POST /api/votes): one per user and item, replay-safe. */
import type { Deps } from '../../core/deps'
import { perDb } from '../../db/prepared'
import { createGroupCommit } from '../../db/group-commit'
import type { VoteAnswer, VoteInput } from '../../contract/votes'
import { HttpError } from '../../http/errors'
import { countVote } from '../../core/metrics'
import { toVoteStats } from '../../ratings/vote-stats'
import { findVote, findVoteTarget, insertVoteOnce } from './votes.repo'

/**
 * The group committer of each database's votes (issue #12): votes read in the same turn of the event loop share one
 * transaction. A vote checks its rules with reads and then writes one statement, which SQLite
 * backs out alone when it fails, so a refused or failed vote leaves nothing to roll back.
 */
const voteCommits = perDb((db) => createGroupCommit(db))

/** The vote rules and write, run inside the open transaction of a group commit: reads, then at most one write. */
function recordVote(deps: Pick<Deps, 'db' | 'clock'>, input: VoteInput): { created: boolean; answer: VoteAnswer } {
  const media = findVoteTarget(deps.db, input.mediaId)
  if (!media || media.hiddenAt) throw new HttpError(404, 'Media not found')
  if (media.userId === input.userId) throw new HttpError(403, 'You cannot vote on your own media')
  const createdAt = deps.clock.now().toISOString()
  const id = insertVoteOnce(deps.db, { ...input, createdAt })
  if (id === undefined) return { created: false, answer: { vote: findVote(deps.db, input.userId, input.mediaId)!, stats: toVoteStats(media.totalVotes, media.hotVotes) } }
  // The row was read in this transaction, so its counters plus this vote are the item's figures now.
  const vote = { id, userId: input.userId, mediaId: input.mediaId, isHot: input.isHot, createdAt }
  return { created: true, answer: { vote, stats: toVoteStats(media.totalVotes + 1, media.hotVotes + Number(input.isHot)) } }
}

/**
 * Records input's vote, answering once the transaction holding it has committed (a group commit shared with the
 * votes read in the same turn of the event loop; another vote's failure never fails this one). A repeat (an offline
 * replay) returns the first vote, created false. Rejects with HttpError 404 (unknown or hidden media), 403 (own media).
 */
export const castVote = (deps: Pick<Deps, 'db' | 'clock'>, input: VoteInput): Promise<{ created: boolean; answer: VoteAnswer }> =>
  voteCommits(deps.db).run(() => recordVote(deps, input)).then((r) => (countVote(r.created), r))
