/**
 * Vote population (admin-back-office §2, §9; server-contract: Admin API): every media item gets 10-50 votes from
 * synthetic users (flagged, never two votes from one user on one item), 70-100% Hot. A call stops after about 500
 * votes and answers paused: true; the next call continues from the state row until success: true, paused: false.
 */
import type { Deps } from '../../core/deps'
import { inTransaction } from '../../db/open'
import { writeAuditEvent } from '../../core/audit-log'
import { syntheticSessionId } from '../../db/system-session-ids'
import { countMedia, findMediaIdsAfter, findPopulationState, findSyntheticUserIds, insertPopulationState, insertSyntheticUser, insertVoteIfNew, updatePopulationState } from './vote-population.repo'
import { recordPopulationRun } from '../../core/metrics'

export const VOTES_PER_CALL = 500
export const VOTES_PER_ITEM = { min: 10, max: 50 } as const
export const HOT_SHARE = { min: 0.7, max: 1 } as const

const between = (min: number, max: number) => min + Math.random() * (max - min)

/** The synthetic voters, creating them until there are VOTES_PER_ITEM.max; answers their ids and how many were made. */
function syntheticPool(deps: Pick<Deps, 'db' | 'clock'>): { ids: number[]; created: number } {
  const ids = findSyntheticUserIds(deps.db)
  const now = deps.clock.now().toISOString()
  let created = 0
  while (ids.length < VOTES_PER_ITEM.max) {
    const tag = crypto.randomUUID().replace(/-/g, '')
    ids.push(insertSyntheticUser(deps.db, { sessionId: syntheticSessionId(tag), username: `voter_${tag.slice(0, 12)}`, createdAt: now }))
    created++
  }
  return { ids, created }
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

/** Gives one item its synthetic votes; answers how many were inserted and how many of them Hot. */
function populateItem(deps: Pick<Deps, 'db'>, mediaId: number, pool: number[], now: string) {
  const wanted = Math.round(between(VOTES_PER_ITEM.min, VOTES_PER_ITEM.max))
  // ceil keeps every item at or above HOT_SHARE.min: round(19 * 0.7) = 13 would give 68%.
  const hotWanted = Math.ceil(wanted * between(HOT_SHARE.min, HOT_SHARE.max))
  let inserted = 0
  let hot = 0
  pickVoters(pool, wanted).forEach((userId, i) => {
    const isHot = i < hotWanted
    if (insertVoteIfNew(deps.db, userId, mediaId, isHot, now)) (inserted++, isHot && hot++)
  })
  return { inserted, hot }
}

/**
 * Runs one call's worth of population in one transaction (issue #12: prepared single-row inserts, the voter pool
 * and the state row read and written once per call) and answers the admin-back-office §3 result fields.
 */
export function populateVotes(deps: Pick<Deps, 'db' | 'clock' | 'config'>) {
  const now = deps.clock.now().toISOString()
  const state = findPopulationState(deps.db) ?? insertPopulationState(deps.db, now)
  let thisCall = 0
  let paused = false
  inTransaction(deps.db, () => {
    const items = findMediaIdsAfter(deps.db, state.lastMediaId, ITEMS_PER_CALL)
    if (!items.length) return
    const pool = syntheticPool(deps)
    for (const [k, item] of items.entries()) {
      if (thisCall >= VOTES_PER_CALL) {
        paused = true
        break
      }
      const { inserted, hot } = populateItem(deps, item.id, pool.ids, now)
      thisCall += inserted
      Object.assign(state, {
        lastMediaId: item.id,
        mediaProcessed: state.mediaProcessed + 1,
        totalVotesInserted: state.totalVotesInserted + inserted,
        hotVotesInserted: state.hotVotesInserted + hot,
        usersCreated: state.usersCreated + (k === 0 ? pool.created : 0),
      })
    }
    // Items were fetched for the call's budget only: more may follow the last one reached.
    if (!paused && items.length === ITEMS_PER_CALL) paused = findMediaIdsAfter(deps.db, state.lastMediaId, 1).length > 0
    Object.assign(state, {
      firstUserId: Math.min(state.firstUserId ?? Infinity, ...pool.ids),
      lastUserId: Math.max(state.lastUserId ?? 0, ...pool.ids),
      completedAt: null,
      updatedAt: deps.clock.now().toISOString(),
    })
    updatePopulationState(deps.db, state)
  })
  if (!paused) updatePopulationState(deps.db, { completedAt: now })
  const totalMediaCount = countMedia(deps.db)
  const result = {
    success: !paused,
    paused,
    message: paused ? `Paused after ${thisCall} votes: ${state.mediaProcessed} of ${totalMediaCount} media processed. Continue to go on.` : `Population complete: ${state.mediaProcessed} media processed.`,
    mediaProcessed: state.mediaProcessed,
    totalMediaCount,
    totalVotesInserted: state.totalVotesInserted,
    usersCreated: state.usersCreated,
    overallHotPercentage: state.totalVotesInserted ? Math.round((state.hotVotesInserted / state.totalVotesInserted) * 1000) / 10 : 0,
    userIdRange: state.firstUserId ? `${state.firstUserId}-${state.lastUserId}` : '',
  }
  recordPopulationRun(paused ? 'paused' : 'completed')
  writeAuditEvent(deps, 'VOTE_POPULATION_RUN', { by: deps.config.adminUsername, votesThisCall: thisCall, ...result })
  return result
}
