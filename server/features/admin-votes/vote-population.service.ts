/**
 * Vote population (admin-back-office §2, §9; server-contract: Admin API): every media item gets 10-50 votes from
 * synthetic users (flagged, never two votes from one user on one item), 70-100% Hot. A call stops after about 500
 * votes and answers paused: true; the next call continues from the state row until success: true, paused: false.
 */
import type { Deps } from '../../core/deps'
import { auditRow } from '../../core/audit-log'
import { syntheticSessionId } from '../../db/system-session-ids'
import { populateStep, type PopulationOutcome } from '../../repositories/population.repository'
import { recordPopulationRun } from '../../core/metrics'

export const VOTES_PER_CALL = 500
export const VOTES_PER_ITEM = { min: 10, max: 50 } as const
export const HOT_SHARE = { min: 0.7, max: 1 } as const

const between = (min: number, max: number) => min + Math.random() * (max - min)

/** A new synthetic voter: an unusable session id and a voter_ name from one random tag. */
function newSyntheticVoter() {
  const tag = crypto.randomUUID().replace(/-/g, '')
  return { sessionId: syntheticSessionId(tag), username: `voter_${tag.slice(0, 12)}` }
}

/** Items one call may reach: it stops once VOTES_PER_CALL votes are in, and each item gets at least VOTES_PER_ITEM.min. */
const ITEMS_PER_CALL = Math.ceil(VOTES_PER_CALL / VOTES_PER_ITEM.min) + 1

/** count distinct voters of pool in random order (a partial Fisher-Yates shuffle of a copy). */
function pickVoters(pool: number[], count: number): number[] {
  const voters = [...pool]
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(Math.random() * (voters.length - i))
    ;[voters[i], voters[j]] = [voters[j], voters[i]]
  }
  return voters.slice(0, count)
}

/** The votes of one item: VOTES_PER_ITEM distinct voters of pool, the first HOT_SHARE of them Hot. */
function plannedVotes(pool: number[]) {
  const wanted = Math.round(between(VOTES_PER_ITEM.min, VOTES_PER_ITEM.max))
  // ceil keeps every item at or above HOT_SHARE.min: round(19 * 0.7) = 13 would give 68%.
  const hotWanted = Math.ceil(wanted * between(HOT_SHARE.min, HOT_SHARE.max))
  return pickVoters(pool, wanted).map((userId, i) => ({ userId, isHot: i < hotWanted }))
}

/**
 * Runs one call's worth of population in one transaction (on SQLite prepared single-row inserts, on PostgreSQL one
 * multi-row insert for the call's items; the state row, the voter pool, the media count and the audit row read and
 * written once per call) and answers the admin-back-office §3 result fields.
 */
export async function populateVotes(deps: Pick<Deps, 'db' | 'clock' | 'config'>) {
  const now = deps.clock.now().toISOString()
  const resultOf = ({ paused, inserted, state, totalMediaCount }: PopulationOutcome) => ({
    success: !paused,
    paused,
    message: paused
      ? `Paused after ${inserted} votes: ${state.mediaProcessed} of ${totalMediaCount} media processed. Continue to go on.`
      : `Population complete: ${state.mediaProcessed} media processed.`,
    mediaProcessed: state.mediaProcessed,
    totalMediaCount,
    totalVotesInserted: state.totalVotesInserted,
    usersCreated: state.usersCreated,
    overallHotPercentage: state.totalVotesInserted ? Math.round((state.hotVotesInserted / state.totalVotesInserted) * 1000) / 10 : 0,
    userIdRange: state.firstUserId ? `${state.firstUserId}-${state.lastUserId}` : '',
  })
  const outcome = await populateStep(deps.db, {
    maxItems: ITEMS_PER_CALL,
    voteBudget: VOTES_PER_CALL,
    poolSize: VOTES_PER_ITEM.max,
    newVoter: newSyntheticVoter,
    votesFor: plannedVotes,
    now,
    updatedAt: () => deps.clock.now().toISOString(),
    audit: (o) => auditRow(deps, 'VOTE_POPULATION_RUN', { by: deps.config.adminUsername, votesThisCall: o.inserted, ...resultOf(o) }),
  })
  recordPopulationRun(outcome.paused ? 'paused' : 'completed')
  return resultOf(outcome)
}
