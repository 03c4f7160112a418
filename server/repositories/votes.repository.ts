/**
 * Queries on votes (server-contract: POST /api/votes, export-votes). A vote is written through the group commit of
 * its database: votes that arrive together share one transaction. On SQLite (server/db/group-commit.ts) that is every
 * vote read in the same turn of the event loop, and the statements a vote always runs go straight to bun:sqlite, each
 * prepared once per database: mapping drizzle rows (a whole media row, the inserted vote read back) cost more than the
 * statements (docs/performance.md > Votes and export: profile). On PostgreSQL (server/db/pg-group-commit.ts) a batch is
 * one multi-row insert in its own transaction, then one read of the items' counters and the stored votes: the unique
 * (user_id, media_id) index keeps one vote per pair across instances, and the counter triggers run inside the insert,
 * so votes on one popular item take its row lock once per batch. Missing rows come back undefined.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/open'
import type { SQL } from 'bun'
import { retryTransaction, type Database } from '../db/database'
import { perDb } from '../db/prepared'
import { createGroupCommit } from '../db/group-commit'
import { createPgGroupCommit } from '../db/pg-group-commit'
import { votes } from '../db/schema'

/** One vote row as stored. */
export type VoteRow = typeof votes.$inferSelect

/** What the vote rules need of the item voted on: its owner, whether it is hidden, and its vote counters. */
export type VoteTarget = { userId: number; hiddenAt: string | null; totalVotes: number; hotVotes: number }

/**
 * The outcome of insertVoteOnce: the item is missing or hidden, or the voter's own (nothing written); the vote was
 * created (its id); or the pair already had one (that vote). target: the item as read before the write.
 */
export type VoteWrite =
  | { kind: 'missing' }
  | { kind: 'own' }
  | { kind: 'created'; id: number; target: VoteTarget }
  | { kind: 'repeat'; vote: VoteRow; target: VoteTarget }

const voteOf = perDb((db) =>
  db
    .select()
    .from(votes)
    .where(and(eq(votes.userId, sql.placeholder('userId')), eq(votes.mediaId, sql.placeholder('mediaId'))))
    .prepare(),
)
const targetOf = perDb((db) =>
  db.$client.query<VoteTarget, [number]>(
    'select user_id as userId, hidden_at as hiddenAt, total_votes as totalVotes, hot_votes as hotVotes from media where id = ?',
  ),
)
const insertOnce = perDb((db) =>
  db.$client.query<never, [number, number, number, string]>(
    'insert into votes (user_id, media_id, is_hot, created_at) values (?, ?, ?, ?) on conflict do nothing',
  ),
)
/** The group committer of each database's votes. */
const voteCommits = perDb((db) => createGroupCommit(db))

/** Reads the target, then makes at most one write: the insert (its counter triggers run inside it). */
function writeVote(db: Db, v: VoteInput): VoteWrite {
  const target = targetOf(db).get(v.mediaId)
  if (!target || target.hiddenAt) return { kind: 'missing' }
  if (target.userId === v.userId) return { kind: 'own' }
  const { changes, lastInsertRowid } = insertOnce(db).run(v.userId, v.mediaId, Number(v.isHot), v.createdAt)
  if (changes) return { kind: 'created', id: Number(lastInsertRowid), target }
  return { kind: 'repeat', vote: voteOf(db).get({ userId: v.userId, mediaId: v.mediaId })!, target }
}

/** A vote to write: who, on what, Hot or not, and when (ISO-8601 UTC). */
type VoteInput = { userId: number; mediaId: number; isHot: boolean; createdAt: string }

/**
 * Writes a batch of votes on PostgreSQL in two statements. The first reads the items and inserts the votes whose item
 * is there, visible and not the voter's own, skipping pairs that already have a vote, in (item, user) order so
 * concurrent batches lock the items' counter rows in one order; it commits on its own, so it holds those locks no
 * longer than one statement. The second sees this batch and every vote committed before it: the counters now (each
 * answer's figures) and each pair's stored vote. A pair given twice in one batch is created by its first vote; the
 * others are repeats of it. Throws when the insert fails as a whole (a user or item deleted meanwhile: 23503; the
 * group commit then writes each vote alone).
 */
async function writeVoteBatch(pg: SQL, batch: VoteInput[]): Promise<VoteWrite[]> {
  const users = pg.array(
    batch.map((v) => v.userId),
    'INT',
  )
  const items = pg.array(
    batch.map((v) => v.mediaId),
    'INT',
  )
  const targets = await retryTransaction(
    () => pg<{ n: number; owner: number | null; hiddenAt: string | null; created: number | null }[]>`
      with input as (
        select * from unnest(${users}::int[], ${items}::int[], ${pg.array(
          batch.map((v) => v.isHot),
          'BOOLEAN',
        )}::bool[], ${pg.array(
          batch.map((v) => v.createdAt),
          'TEXT',
        )}::text[])
          with ordinality as i(user_id, media_id, is_hot, created_at, n)),
      target as (select i.*, m.user_id as owner, m.hidden_at from input i left join media m on m.id = i.media_id),
      created as (
        insert into votes (user_id, media_id, is_hot, created_at)
        select distinct on (media_id, user_id) user_id, media_id, is_hot, created_at from target
        where owner is not null and hidden_at is null and owner <> user_id
        order by media_id, user_id, n
        on conflict do nothing
        returning id, user_id, media_id)
      select t.n::int, t.owner, t.hidden_at as "hiddenAt", c.id as created from target t left join created c on c.user_id = t.user_id and c.media_id = t.media_id order by t.n`,
  )
  const after = await pg<{ totalVotes: number | null; hotVotes: number | null; id: number | null; isHot: boolean; createdAt: string }[]>`
    select m.total_votes as "totalVotes", m.hot_votes as "hotVotes", v.id, v.is_hot as "isHot", v.created_at as "createdAt"
    from unnest(${users}::int[], ${items}::int[]) with ordinality as i(user_id, media_id, n)
    left join media m on m.id = i.media_id left join votes v on v.user_id = i.user_id and v.media_id = i.media_id
    order by i.n`
  const claimed = new Set<number>()
  return batch.map((v, i): VoteWrite => {
    const { owner, hiddenAt, created } = targets[i]
    if (owner === null || hiddenAt) return { kind: 'missing' }
    if (owner === v.userId) return { kind: 'own' }
    const { totalVotes, hotVotes, id, isHot, createdAt } = after[i]
    const counts = { totalVotes: totalVotes ?? 0, hotVotes: hotVotes ?? 0 }
    if (created !== null && !claimed.has(created)) {
      claimed.add(created)
      // The counters already hold this vote; the target is the item as it was without it.
      return {
        kind: 'created',
        id: created,
        target: {
          userId: owner,
          hiddenAt,
          totalVotes: Math.max(0, counts.totalVotes - 1),
          hotVotes: Math.max(0, counts.hotVotes - Number(v.isHot)),
        },
      }
    }
    // The pair's vote went between the insert and the read (its user or item was deleted): that is the item or the user missing.
    if (id === null) return { kind: 'missing' }
    return {
      kind: 'repeat',
      vote: { id, userId: v.userId, mediaId: v.mediaId, isHot, createdAt },
      target: { userId: owner, hiddenAt, ...counts },
    }
  })
}

/** The group committer of each PostgreSQL pool's votes. */
const pgVoteCommits = perDb((pg: SQL) => createPgGroupCommit((batch: VoteInput[]) => writeVoteBatch(pg, batch)))

/**
 * Inserts the vote unless the item is missing, hidden or the voter's own, or the pair already has a vote; answers
 * once the transaction holding it has committed (another vote's failure never fails this one). Rejects with the
 * driver's foreign-key error when the voter was deleted after its session was checked (isMissingReference).
 */
export function insertVoteOnce(db: Database, v: VoteInput): Promise<VoteWrite> {
  if (db.dialect === 'sqlite') return voteCommits(db.orm).run(() => writeVote(db.orm, v))
  return pgVoteCommits(db.sql).run(v)
}

/** One exported vote: its id, user id, media id, is_hot (0 or 1), created_at (ISO-8601 UTC). */
export type ExportedVote = [id: number, userId: number, mediaId: number, isHot: number, createdAt: string]

// Straight to bun:sqlite as value arrays: a million votes mapped to drizzle row objects is a million objects of
// garbage the export then has to collect.
const pageAfter = perDb((db) =>
  db.$client.query<ExportedVote, [number, number]>(
    'select id, user_id, media_id, is_hot, created_at from votes where id > ? order by id limit ?',
  ),
)

/** At most limit votes with ids above after, in id order (keyset paging: no read transaction is held between pages). */
export async function findVotePageAfter(db: Database, after: number, limit: number): Promise<ExportedVote[]> {
  if (db.dialect === 'sqlite') return pageAfter(db.orm).values(after, limit) as ExportedVote[]
  return (await db.sql`select id, user_id, media_id, is_hot::int, created_at from votes where id > ${after} order by id limit ${limit}`.values()) as ExportedVote[]
}
