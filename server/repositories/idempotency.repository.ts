/** Queries on stored Idempotency-Key answers (server-contract: POST /api/media/upload). Missing rows come back undefined. */
import { and, eq, gte, inArray, lt } from 'drizzle-orm'
import type { Db } from '../db/open'
import { idempotencyKeys } from '../db/schema'

/** A stored answer: its status and its JSON body (text). */
export type IdempotentAnswerRow = { status: number; body: string }

/** The answer stored under key at or after since (ISO-8601), or undefined. */
export const findIdempotentAnswer = async (db: Db, key: string, since: string): Promise<IdempotentAnswerRow | undefined> =>
  db.select({ status: idempotencyKeys.status, body: idempotencyKeys.body }).from(idempotencyKeys).where(and(eq(idempotencyKeys.key, key), gte(idempotencyKeys.createdAt, since))).get()

/** Deletes up to limit rows stored before `before` (ISO-8601); answers how many went. */
export async function deleteIdempotencyKeysBefore(db: Db, before: string, limit: number): Promise<number> {
  const expired = db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before)).limit(limit)
  return db.delete(idempotencyKeys).where(inArray(idempotencyKeys.key, expired)).returning({ key: idempotencyKeys.key }).all().length
}

/** Stores an answer under key for userId at createdAt (ISO-8601), replacing a row left under that key. */
export async function saveIdempotentAnswer(db: Db, key: string, row: { userId: number; status: number; body: string; createdAt: string }): Promise<void> {
  db.insert(idempotencyKeys).values({ key, ...row }).onConflictDoUpdate({ target: idempotencyKeys.key, set: row }).run()
}
