/**
 * Queries of vote population (admin-back-office §2, §9): synthetic voters, the media walked in id order, the
 * population state row (id 1), the votes themselves and the call's audit row, one transaction per call.
 */
import { asc, count, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../db/open'
import { inTransaction } from '../db/open'
import type { Database, PgQueries } from '../db/database'
import { perDb } from '../db/prepared'
import { media, users, votePopulationState } from '../db/schema'
import * as pg from '../db/schema.pg'
import { type AuditRow, writeAuditRows, writeAuditRowsPg } from './audit.repository'

/** The population state row as stored (ISO-8601 UTC times). */
export type PopulationState = typeof votePopulationState.$inferSelect

// bun:sqlite directly: its run() reports the rows changed, which drizzle's types hide (a repeat pair inserts none).
const insertVote = perDb((db) =>
  db.$client.prepare<never, [number, number, number, string]>(
    'insert into votes (user_id, media_id, is_hot, created_at) values (?, ?, ?, ?) on conflict do nothing',
  ),
)
const mediaAfter = perDb((db) =>
  db
    .select({ id: media.id })
    .from(media)
    .where(gt(media.id, sql.placeholder('after')))
    .orderBy(asc(media.id))
    .limit(sql.placeholder('limit'))
    .prepare(),
)

/** The population state before the first call: nothing processed. */
const firstState = (now: string) => ({
  id: 1,
  lastMediaId: 0,
  mediaProcessed: 0,
  totalVotesInserted: 0,
  hotVotesInserted: 0,
  usersCreated: 0,
  updatedAt: now,
})

/** The synthetic voters, inserting newVoter() ones until there are poolSize; answers their ids and how many were made. */
function syntheticPool(db: Db, poolSize: number, newVoter: () => { sessionId: string; username: string }, createdAt: string) {
  const ids = db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isSynthetic, true))
    .all()
    .map((u) => u.id)
  let created = 0
  for (; ids.length < poolSize; created++)
    ids.push(
      db
        .insert(users)
        .values({ ...newVoter(), createdAt, isSynthetic: true })
        .returning({ id: users.id })
        .get().id,
    )
  return { ids, created }
}

/** What one call of population did: votes inserted, whether more items follow, the state written, media in the site. */
export type PopulationOutcome = { inserted: number; paused: boolean; state: PopulationState; totalMediaCount: number }

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
  /** The audit row of the call, written in its transaction. */
  audit: (outcome: PopulationOutcome) => AuditRow
}

/**
 * In one transaction: reads the population state (its first row made on the first call), gives the items after its
 * lastMediaId their planned votes (a repeat pair inserts none) until the budget is spent, advances and writes the
 * state (completedAt set when no item follows, else cleared), counts the media and writes step.audit's row. Answers
 * the call's outcome; the state's counters are not written when no item follows the state.
 */
export async function populateStep(database: Database, step: PopulationStep): Promise<PopulationOutcome> {
  if (database.dialect === 'postgres') return database.orm.transaction((tx) => populateStepPg(tx, step))
  const db = database.orm
  return inTransaction(db, () => {
    const state =
      db.select().from(votePopulationState).where(eq(votePopulationState.id, 1)).get() ??
      db.insert(votePopulationState).values(firstState(step.now)).returning().get()
    const written = sqliteSteps(db, state, step)
    if (!written.paused) db.update(votePopulationState).set({ completedAt: step.now }).where(eq(votePopulationState.id, 1)).run()
    const outcome = { ...written, totalMediaCount: db.select({ n: count() }).from(media).get()!.n }
    writeAuditRows(db, [step.audit(outcome)])
    return outcome
  })
}

/** populateStep's votes on SQLite, inside its transaction: answers the votes inserted, whether more items follow and the state written. */
function sqliteSteps(db: Db, state: PopulationState, step: PopulationStep) {
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
      if (insertVote(db).run(userId, item.id, Number(isHot), step.now).changes > 0) itemVotes++, isHot && hot++
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
    completedAt: paused ? null : step.now,
    updatedAt: step.updatedAt(),
  })
  db.update(votePopulationState).set(next).where(eq(votePopulationState.id, 1)).run()
  return { inserted, paused, state: next }
}

/**
 * populateStep on PostgreSQL, inside transaction tx (the job lock keeps two runs apart), set-based: the votes of as
 * many items as the budget left plans for go as one multi-row insert from unnest(...) of three arrays, in item order
 * (the counter trigger counts them once per statement, drizzle/pg/0007), answering how many went in and how many Hot;
 * a further batch follows only when repeat pairs left the budget unspent. Items are read one beyond the call's limit,
 * so whether more follow needs no further query.
 */
async function populateStepPg(tx: PgQueries, step: PopulationStep): Promise<PopulationOutcome> {
  // The commit need not wait for its WAL flush: a crash loses at most the last calls whole (the state and audit rows
  // are in the same transaction), and the next call gives their items their votes again from the state it finds.
  await tx.execute(sql`set local synchronous_commit = off`)
  const state =
    (await tx.select().from(pg.votePopulationState).where(eq(pg.votePopulationState.id, 1)))[0] ??
    (await tx.insert(pg.votePopulationState).values(firstState(step.now)).returning())[0]
  const finish = async (written: { inserted: number; paused: boolean; state: PopulationState }) => {
    const outcome = { ...written, totalMediaCount: (await tx.select({ n: count() }).from(pg.media))[0].n }
    await writeAuditRowsPg(tx, [step.audit(outcome)])
    return outcome
  }
  const items = await tx
    .select({ id: pg.media.id })
    .from(pg.media)
    .where(gt(pg.media.id, state.lastMediaId))
    .orderBy(asc(pg.media.id))
    .limit(step.maxItems + 1)
  if (!items.length) {
    await tx.update(pg.votePopulationState).set({ completedAt: step.now }).where(eq(pg.votePopulationState.id, 1))
    return finish({ inserted: 0, paused: false, state })
  }
  const ids = (await tx.select({ id: pg.users.id }).from(pg.users).where(eq(pg.users.isSynthetic, true))).map((u) => u.id)
  const created = Math.max(0, step.poolSize - ids.length)
  if (created)
    ids.push(
      ...(
        await tx
          .insert(pg.users)
          .values(Array.from({ length: created }, () => ({ ...step.newVoter(), createdAt: step.now, isSynthetic: true })))
          .returning({ id: pg.users.id })
      ).map((u) => u.id),
    )
  const reachable = Math.min(items.length, step.maxItems)
  let inserted = 0
  let hot = 0
  let done = 0
  while (done < reachable && inserted < step.voteBudget) {
    const users: number[] = []
    const mediaIds: number[] = []
    const hots: boolean[] = []
    // The items the budget left plans for: the last one may carry the batch past it, as a lone item would.
    for (; done < reachable && inserted + users.length < step.voteBudget; done++)
      for (const { userId, isHot } of step.votesFor(ids)) users.push(userId), mediaIds.push(items[done].id), hots.push(isHot)
    if (!users.length) continue
    const [written] = (await tx.execute(
      sql`with written as (
        insert into votes (user_id, media_id, is_hot, created_at)
        select user_id, media_id, is_hot, ${step.now} from unnest(${sql.param(users)}::int[], ${sql.param(mediaIds)}::int[], ${sql.param(hots)}::boolean[]) as planned (user_id, media_id, is_hot)
        on conflict do nothing
        returning is_hot
      )
      select count(*)::int as inserted, (count(*) filter (where is_hot))::int as hot from written`,
    )) as unknown as { inserted: number; hot: number }[]
    inserted += written.inserted
    hot += written.hot
  }
  const paused = done < items.length
  const next: PopulationState = {
    ...state,
    lastMediaId: items[done - 1].id,
    mediaProcessed: state.mediaProcessed + done,
    totalVotesInserted: state.totalVotesInserted + inserted,
    hotVotesInserted: state.hotVotesInserted + hot,
    usersCreated: state.usersCreated + created,
    firstUserId: Math.min(state.firstUserId ?? Infinity, ...ids),
    lastUserId: Math.max(state.lastUserId ?? 0, ...ids),
    completedAt: paused ? null : step.now,
    updatedAt: step.updatedAt(),
  }
  await tx.update(pg.votePopulationState).set(next).where(eq(pg.votePopulationState.id, 1))
  return finish({ inserted, paused, state: next })
}
