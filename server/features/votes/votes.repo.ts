/** Drizzle queries on votes. Missing rows come back undefined. */
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/open'
import { votes } from '../../db/schema'

/** The user's vote on the item. */
export const findVote = (db: Db, userId: number, mediaId: number) => db.select().from(votes).where(and(eq(votes.userId, userId), eq(votes.mediaId, mediaId))).get()

/** Inserts the vote unless the pair already has one; the new row, or undefined on a repeat. */
export const insertVoteOnce = (db: Db, values: { userId: number; mediaId: number; isHot: boolean; createdAt: string }) =>
  db.insert(votes).values(values).onConflictDoNothing().returning().get()
