/**
 * Queries of a vote (server-contract: POST /api/votes). Missing rows come back undefined. The two a vote always runs
 * go straight to bun:sqlite, each statement prepared once per database (issue #12): mapping drizzle rows (a whole
 * media row, the inserted vote read back) was a tenth of a vote's CPU in the profile (README, Performance).
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/open'
import { perDb } from '../../db/prepared'
import { votes } from '../../db/schema'

/** What the vote rules need of the item voted on: its owner, whether it is hidden, and its vote counters. */
export type VoteTarget = { userId: number; hiddenAt: string | null; totalVotes: number; hotVotes: number }

const voteOf = perDb((db) => db.select().from(votes).where(and(eq(votes.userId, sql.placeholder('userId')), eq(votes.mediaId, sql.placeholder('mediaId')))).prepare())
const targetOf = perDb((db) => db.$client.query<VoteTarget, [number]>('select user_id as userId, hidden_at as hiddenAt, total_votes as totalVotes, hot_votes as hotVotes from media where id = ?'))
const insertOnce = perDb((db) => db.$client.query<never, [number, number, number, string]>('insert into votes (user_id, media_id, is_hot, created_at) values (?, ?, ?, ?) on conflict do nothing'))

/** The user's vote on the item. */
export const findVote = (db: Db, userId: number, mediaId: number) => voteOf(db).get({ userId, mediaId })

/** The media item a vote names (hidden or not), or undefined. */
export const findVoteTarget = (db: Db, mediaId: number): VoteTarget | undefined => targetOf(db).get(mediaId) ?? undefined

/**
 * Inserts the vote unless the pair already has one, in one statement (the counter triggers run inside it); answers
 * the new vote's id, or undefined on a repeat.
 */
export function insertVoteOnce(db: Db, v: { userId: number; mediaId: number; isHot: boolean; createdAt: string }): number | undefined {
  const { changes, lastInsertRowid } = insertOnce(db).run(v.userId, v.mediaId, Number(v.isHot), v.createdAt)
  return changes ? Number(lastInsertRowid) : undefined
}
