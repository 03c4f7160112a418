/**
 * Queries on votes (server-contract: POST /api/votes, export-votes). A vote is written through the group commit of
 * its database (server/db/group-commit.ts): votes read in the same turn of the event loop share one transaction. The
 * statements a vote always runs go straight to bun:sqlite, each prepared once per database: mapping drizzle rows (a
 * whole media row, the inserted vote read back) cost more than the statements (docs/performance.md > Votes and export: profile).
 * On PostgreSQL each vote is its own short transaction through Bun's SQL (its statements are prepared by the driver):
 * the unique (user_id, media_id) index keeps one vote per pair across instances, and the counter triggers run inside
 * the insert. Missing rows come back undefined.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/open'
import { retryTransaction, type Database } from '../db/database'
import { perDb } from '../db/prepared'
import { createGroupCommit } from '../db/group-commit'
import { votes } from '../db/schema'

/** One vote row as stored. */
export type VoteRow = typeof votes.$inferSelect

/** What the vote rules need of the item voted on: its owner, whether it is hidden, and its vote counters. */
export type VoteTarget = { userId: number; hiddenAt: string | null; totalVotes: number; hotVotes: number }

/**
 * The outcome of insertVoteOnce: the item is missing or hidden, or the voter's own (nothing written); the vote was
 * created (its id); or the pair already had one (that vote). target: the item as read before the write.
 */
export type VoteWrite = { kind: 'missing' } | { kind: 'own' } | { kind: 'created'; id: number; target: VoteTarget } | { kind: 'repeat'; vote: VoteRow; target: VoteTarget }

const voteOf = perDb((db) => db.select().from(votes).where(and(eq(votes.userId, sql.placeholder('userId')), eq(votes.mediaId, sql.placeholder('mediaId')))).prepare())
const targetOf = perDb((db) => db.$client.query<VoteTarget, [number]>('select user_id as userId, hidden_at as hiddenAt, total_votes as totalVotes, hot_votes as hotVotes from media where id = ?'))
const insertOnce = perDb((db) => db.$client.query<never, [number, number, number, string]>('insert into votes (user_id, media_id, is_hot, created_at) values (?, ?, ?, ?) on conflict do nothing'))
/** The group committer of each database's votes. */
const voteCommits = perDb((db) => createGroupCommit(db))

/** Reads the target, then makes at most one write: the insert (its counter triggers run inside it). */
function writeVote(db: Db, v: { userId: number; mediaId: number; isHot: boolean; createdAt: string }): VoteWrite {
  const target = targetOf(db).get(v.mediaId)
  if (!target || target.hiddenAt) return { kind: 'missing' }
  if (target.userId === v.userId) return { kind: 'own' }
  const { changes, lastInsertRowid } = insertOnce(db).run(v.userId, v.mediaId, Number(v.isHot), v.createdAt)
  if (changes) return { kind: 'created', id: Number(lastInsertRowid), target }
  return { kind: 'repeat', vote: voteOf(db).get({ userId: v.userId, mediaId: v.mediaId })!, target }
}

/**
 * Inserts the vote unless the item is missing, hidden or the voter's own, or the pair already has a vote; answers
 * once the transaction holding it has committed (another vote's failure never fails this one).
 */
export function insertVoteOnce(db: Database, v: { userId: number; mediaId: number; isHot: boolean; createdAt: string }): Promise<VoteWrite> {
  if (db.dialect === 'sqlite') return voteCommits(db.orm).run(() => writeVote(db.orm, v))
  return retryTransaction(() => db.sql.begin(async (tx): Promise<VoteWrite> => {
    const [target] = await tx<VoteTarget[]>`select user_id as "userId", hidden_at as "hiddenAt", total_votes as "totalVotes", hot_votes as "hotVotes" from media where id = ${v.mediaId}`
    if (!target || target.hiddenAt) return { kind: 'missing' }
    if (target.userId === v.userId) return { kind: 'own' }
    const [created] = await tx<{ id: number }[]>`insert into votes (user_id, media_id, is_hot, created_at) values (${v.userId}, ${v.mediaId}, ${v.isHot}, ${v.createdAt}) on conflict do nothing returning id`
    // Read again after the write: the insert waited for concurrent votes on the pair or (through its counter trigger)
    // on the item, so the counters now hold every vote committed before this one, as SQLite's serial writes see them.
    const [counts] = await tx<{ totalVotes: number; hotVotes: number }[]>`select total_votes as "totalVotes", hot_votes as "hotVotes" from media where id = ${v.mediaId}`
    if (created) return { kind: 'created', id: created.id, target: { ...target, totalVotes: counts.totalVotes - 1, hotVotes: counts.hotVotes - Number(v.isHot) } }
    const [vote] = await tx<VoteRow[]>`select id, user_id as "userId", media_id as "mediaId", is_hot as "isHot", created_at as "createdAt" from votes where user_id = ${v.userId} and media_id = ${v.mediaId}`
    return { kind: 'repeat', vote, target: { ...target, ...counts } }
  }))
}

/** One exported vote: its id, user id, media id, is_hot (0 or 1), created_at (ISO-8601 UTC). */
export type ExportedVote = [id: number, userId: number, mediaId: number, isHot: number, createdAt: string]

// Straight to bun:sqlite as value arrays: a million votes mapped to drizzle row objects is a million objects of
// garbage the export then has to collect.
const pageAfter = perDb((db) => db.$client.query<ExportedVote, [number, number]>('select id, user_id, media_id, is_hot, created_at from votes where id > ? order by id limit ?'))

/** At most limit votes with ids above after, in id order (keyset paging: no read transaction is held between pages). */
export async function findVotePageAfter(db: Database, after: number, limit: number): Promise<ExportedVote[]> {
  if (db.dialect === 'sqlite') return pageAfter(db.orm).values(after, limit) as ExportedVote[]
  return (await db.sql`select id, user_id, media_id, is_hot::int, created_at from votes where id > ${after} order by id limit ${limit}`.values()) as ExportedVote[]
}
