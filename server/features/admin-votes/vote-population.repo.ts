/**
 * Queries of vote population (admin-back-office §2, §9): synthetic voters, the media walked in id order, the
 * population state row (id 1) and the votes themselves. Missing rows come back undefined.
 */
import { asc, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../db/open'
import { perDb } from '../../db/prepared'
import { media, users, votePopulationState } from '../../db/schema'

/** The population state row as stored (ISO-8601 UTC times). */
export type PopulationState = typeof votePopulationState.$inferSelect

// bun:sqlite directly: its run() reports the rows changed, which drizzle's types hide (a repeat pair inserts none).
const insertVote = perDb((db) => db.$client.prepare<never, [number, number, number, string]>('insert into votes (user_id, media_id, is_hot, created_at) values (?, ?, ?, ?) on conflict do nothing'))
const mediaAfter = perDb((db) => db.select({ id: media.id }).from(media).where(gt(media.id, sql.placeholder('after'))).orderBy(asc(media.id)).limit(sql.placeholder('limit')).prepare())

/** The ids of every synthetic user. */
export const findSyntheticUserIds = (db: Db): number[] => db.select({ id: users.id }).from(users).where(eq(users.isSynthetic, true)).all().map((u) => u.id)

/** Inserts one synthetic user; answers its id. */
export const insertSyntheticUser = (db: Db, values: { sessionId: string; username: string; createdAt: string }): number =>
  db.insert(users).values({ ...values, isSynthetic: true }).returning({ id: users.id }).get().id

/** Inserts the vote unless the pair already has one; answers whether a row was inserted. */
export const insertVoteIfNew = (db: Db, userId: number, mediaId: number, isHot: boolean, createdAt: string): boolean => insertVote(db).run(userId, mediaId, Number(isHot), createdAt).changes > 0

/** At most limit media ids above after, in id order. */
export const findMediaIdsAfter = (db: Db, after: number, limit: number): { id: number }[] => mediaAfter(db).all({ after, limit })

/** How many media items there are. */
export const countMedia = (db: Db): number => db.all<{ n: number }>(sql`select count(*) as n from media`)[0].n

/** The population state, or undefined before the first call. */
export const findPopulationState = (db: Db): PopulationState | undefined => db.select().from(votePopulationState).where(eq(votePopulationState.id, 1)).get()

/** Inserts the first population state (nothing processed yet) and answers it. */
export const insertPopulationState = (db: Db, now: string): PopulationState =>
  db.insert(votePopulationState).values({ id: 1, lastMediaId: 0, mediaProcessed: 0, totalVotesInserted: 0, hotVotesInserted: 0, usersCreated: 0, updatedAt: now }).returning().get()

/** Writes the population state's fields. */
export const updatePopulationState = (db: Db, state: Partial<PopulationState>): void => void db.update(votePopulationState).set(state).where(eq(votePopulationState.id, 1)).run()
