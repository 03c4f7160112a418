/** Drizzle queries on votes, each statement prepared once per database (server/db/prepared.ts). Missing rows come back undefined. */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/open'
import { perDb } from '../../db/prepared'
import { votes } from '../../db/schema'

const voteOf = perDb((db) => db.select().from(votes).where(and(eq(votes.userId, sql.placeholder('userId')), eq(votes.mediaId, sql.placeholder('mediaId')))).prepare())
const insertOnce = perDb((db) =>
  db
    .insert(votes)
    .values({ userId: sql.placeholder('userId'), mediaId: sql.placeholder('mediaId'), isHot: sql.placeholder('isHot'), createdAt: sql.placeholder('createdAt') })
    .onConflictDoNothing()
    .returning()
    .prepare(),
)

/** The user's vote on the item. */
export const findVote = (db: Db, userId: number, mediaId: number) => voteOf(db).get({ userId, mediaId })

/** Inserts the vote unless the pair already has one; the new row, or undefined on a repeat. */
export const insertVoteOnce = (db: Db, values: { userId: number; mediaId: number; isHot: boolean; createdAt: string }) => insertOnce(db).get(values)
