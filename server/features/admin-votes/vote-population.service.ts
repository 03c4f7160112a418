/**
 * Vote population (admin-back-office §2, §9; server-contract: Admin API): every media item gets 10-50 votes from
 * synthetic users (flagged, never two votes from one user on one item), 70-100% Hot. A call stops after about 500
 * votes and answers paused: true; the next call continues from the state row until success: true, paused: false.
 */
import { asc, eq, gt, sql } from 'drizzle-orm'
import type { Deps } from '../../deps'
import { inTransaction } from '../../db/open'
import { media, users, votePopulationState, votes } from '../../db/schema'
import { writeAuditEvent } from '../../audit/audit-log'
import { syntheticSessionId } from '../../db/system-session-ids'

export const VOTES_PER_CALL = 500
export const VOTES_PER_ITEM = { min: 10, max: 50 } as const
export const HOT_SHARE = { min: 0.7, max: 1 } as const

const between = (min: number, max: number) => min + Math.random() * (max - min)

/** The synthetic voters, creating them until there are VOTES_PER_ITEM.max; answers their ids and how many were made. */
function syntheticPool(deps: Pick<Deps, 'db' | 'clock'>): { ids: number[]; created: number } {
  const ids = deps.db.select({ id: users.id }).from(users).where(eq(users.isSynthetic, true)).all().map((u) => u.id)
  const now = deps.clock.now().toISOString()
  let created = 0
  while (ids.length < VOTES_PER_ITEM.max) {
    const tag = crypto.randomUUID().replace(/-/g, '')
    ids.push(deps.db.insert(users).values({ sessionId: syntheticSessionId(tag), username: `voter_${tag.slice(0, 12)}`, createdAt: now, isSynthetic: true }).returning({ id: users.id }).get().id)
    created++
  }
  return { ids, created }
}

/** Gives one item its synthetic votes; answers how many were inserted and how many of them Hot. */
function populateItem(deps: Pick<Deps, 'db' | 'clock'>, mediaId: number, pool: number[]) {
  const wanted = Math.round(between(VOTES_PER_ITEM.min, VOTES_PER_ITEM.max))
  // ceil keeps every item at or above HOT_SHARE.min: round(19 * 0.7) = 13 would give 68%.
  const hotWanted = Math.ceil(wanted * between(HOT_SHARE.min, HOT_SHARE.max))
  const voters = [...pool].sort(() => Math.random() - 0.5).slice(0, wanted)
  let inserted = 0
  let hot = 0
  const now = deps.clock.now().toISOString()
  voters.forEach((userId, i) => {
    const isHot = i < hotWanted
    if (deps.db.insert(votes).values({ userId, mediaId, isHot, createdAt: now }).onConflictDoNothing().returning({ id: votes.id }).get()) (inserted++, isHot && hot++)
  })
  return { inserted, hot }
}

/** Runs one call's worth of population and answers the admin-back-office §3 result fields. */
export function populateVotes(deps: Pick<Deps, 'db' | 'clock' | 'config'>) {
  const now = deps.clock.now().toISOString()
  const state =
    deps.db.select().from(votePopulationState).where(eq(votePopulationState.id, 1)).get() ??
    deps.db.insert(votePopulationState).values({ id: 1, lastMediaId: 0, mediaProcessed: 0, totalVotesInserted: 0, hotVotesInserted: 0, usersCreated: 0, updatedAt: now }).returning().get()
  let thisCall = 0
  let paused = false
  for (;;) {
    const next = deps.db.select({ id: media.id }).from(media).where(gt(media.id, state.lastMediaId)).orderBy(asc(media.id)).limit(1).get()
    if (!next) break
    if (thisCall >= VOTES_PER_CALL) {
      paused = true
      break
    }
    inTransaction(deps.db, () => {
      const pool = syntheticPool(deps)
      const { inserted, hot } = populateItem(deps, next.id, pool.ids)
      Object.assign(state, {
        lastMediaId: next.id,
        mediaProcessed: state.mediaProcessed + 1,
        totalVotesInserted: state.totalVotesInserted + inserted,
        hotVotesInserted: state.hotVotesInserted + hot,
        usersCreated: state.usersCreated + pool.created,
        firstUserId: Math.min(state.firstUserId ?? Infinity, ...pool.ids),
        lastUserId: Math.max(state.lastUserId ?? 0, ...pool.ids),
        completedAt: null,
        updatedAt: deps.clock.now().toISOString(),
      })
      deps.db.update(votePopulationState).set(state).where(eq(votePopulationState.id, 1)).run()
      thisCall += inserted
    })
  }
  if (!paused) deps.db.update(votePopulationState).set({ completedAt: now }).where(eq(votePopulationState.id, 1)).run()
  const totalMediaCount = deps.db.all<{ n: number }>(sql`select count(*) as n from media`)[0].n
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
  writeAuditEvent(deps, 'VOTE_POPULATION_RUN', { by: deps.config.adminUsername, votesThisCall: thisCall, ...result })
  return result
}
