/**
 * Queries of vote population (admin-back-office §2, §9): synthetic voters, the media walked in id order, the
 * population state row (id 1) and the votes themselves. Missing rows come back undefined.
 */
import { asc, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../db/open'
import { inTransaction } from '../db/open'
import { perDb } from '../db/prepared'
import { media, users, votePopulationState } from '../db/schema'

/** The population state row as stored (ISO-8601 UTC times). */
export type PopulationState = typeof votePopulationState.$inferSelect

// bun:sqlite directly: its run() reports the rows changed, which drizzle's types hide (a repeat pair inserts none).
const insertVote = perDb((db) => db.$client.prepare<never, [number, number, number, string]>('insert into votes (user_id, media_id, is_hot, created_at) values (?, ?, ?, ?) on conflict do nothing'))
const mediaAfter = perDb((db) => db.select({ id: media.id }).from(media).where(gt(media.id, sql.placeholder('after'))).orderBy(asc(media.id)).limit(sql.placeholder('limit')).prepare())

/** The population state, or undefined before the first call. */
export const findPopulationState = async (db: Db): Promise<PopulationState | undefined> => db.select().from(votePopulationState).where(eq(votePopulationState.id, 1)).get()

/** Inserts the first population state (nothing processed yet) and answers it. */
export const insertPopulationState = async (db: Db, now: string): Promise<PopulationState> =>
  db.insert(votePopulationState).values({ id: 1, lastMediaId: 0, mediaProcessed: 0, totalVotesInserted: 0, hotVotesInserted: 0, usersCreated: 0, updatedAt: now }).returning().get()

/** Writes the population state's fields. */
export const updatePopulationState = async (db: Db, state: Partial<PopulationState>): Promise<void> => void db.update(votePopulationState).set(state).where(eq(votePopulationState.id, 1)).run()

/** The synthetic voters, inserting newVoter() ones until there are poolSize; answers their ids and how many were made. */
function syntheticPool(db: Db, poolSize: number, newVoter: () => { sessionId: string; username: string }, createdAt: string) {
  const ids = db.select({ id: users.id }).from(users).where(eq(users.isSynthetic, true)).all().map((u) => u.id)
  let created = 0
  for (; ids.length < poolSize; created++) ids.push(db.insert(users).values({ ...newVoter(), createdAt, isSynthetic: true }).returning({ id: users.id }).get().id)
  return { ids, created }
}

/** One call of population as the service plans it (populateStep). */
export type PopulationStep = {
  /** Most media items read for this call. */
  maxItems: number
  /** The call stops before an item once this many votes were inserted. */
  voteBudget: number
  /** Synthetic voters the pool holds; newVoter() makes a missing one. */
  poolSize: number
  newVoter: () => { sessionId: string; username: string }
  /** The votes one item gets from the pool's voters, in order. */
  votesFor: (pool: number[]) => { userId: number; isHot: boolean }[]
  /** ISO-8601 UTC: the time of the votes and new voters. */
  now: string
  /** The state's updatedAt (ISO-8601 UTC), read once the votes are in. */
  updatedAt: () => string
}

/**
 * In one transaction: gives the items after state.lastMediaId their planned votes (a repeat pair inserts none)
 * until the budget is spent, advances and writes the state (completedAt cleared). Answers the votes inserted, whether
 * more items follow (paused) and the state written; nothing is written when no item follows the state.
 */
export async function populateStep(db: Db, state: PopulationState, step: PopulationStep): Promise<{ inserted: number; paused: boolean; state: PopulationState }> {
  return inTransaction(db, () => {
    let inserted = 0
    let paused = false
    const items = mediaAfter(db).all({ after: state.lastMediaId, limit: step.maxItems })
    if (!items.length) return { inserted, paused, state }
    const pool = syntheticPool(db, step.poolSize, step.newVoter, step.now)
    const next = { ...state }
    for (const [k, item] of items.entries()) {
      if (inserted >= step.voteBudget) {
        paused = true
        break
      }
      let itemVotes = 0
      let hot = 0
      for (const { userId, isHot } of step.votesFor(pool.ids)) {
        if (insertVote(db).run(userId, item.id, Number(isHot), step.now).changes > 0) (itemVotes++, isHot && hot++)
      }
      inserted += itemVotes
      Object.assign(next, {
        lastMediaId: item.id,
        mediaProcessed: next.mediaProcessed + 1,
        totalVotesInserted: next.totalVotesInserted + itemVotes,
        hotVotesInserted: next.hotVotesInserted + hot,
        usersCreated: next.usersCreated + (k === 0 ? pool.created : 0),
      })
    }
    // Items were read for the call's budget only: more may follow the last one reached.
    if (!paused && items.length === step.maxItems) paused = mediaAfter(db).all({ after: next.lastMediaId, limit: 1 }).length > 0
    Object.assign(next, {
      firstUserId: Math.min(next.firstUserId ?? Infinity, ...pool.ids),
      lastUserId: Math.max(next.lastUserId ?? 0, ...pool.ids),
      completedAt: null,
      updatedAt: step.updatedAt(),
    })
    db.update(votePopulationState).set(next).where(eq(votePopulationState.id, 1)).run()
    return { inserted, paused, state: next }
  })
}
