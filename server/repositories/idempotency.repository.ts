/** Queries on stored Idempotency-Key answers (server-contract: POST /api/media/upload). Missing rows come back undefined. */
import { and, eq, gte, inArray, lt } from 'drizzle-orm'
import { shared, type Database } from '../db/database'

/** A stored answer: its status and its JSON body (text). */
export type IdempotentAnswerRow = { status: number; body: string }

/** The answer stored under key at or after since (ISO-8601), or undefined. */
export async function findIdempotentAnswer(db: Database, key: string, since: string): Promise<IdempotentAnswerRow | undefined> {
  const { orm, t } = shared(db)
  const k = t.idempotencyKeys
  return (
    await orm
      .select({ status: k.status, body: k.body })
      .from(k)
      .where(and(eq(k.key, key), gte(k.createdAt, since)))
  )[0]
}

/** Deletes up to limit rows stored before `before` (ISO-8601); answers how many went. */
export async function deleteIdempotencyKeysBefore(db: Database, before: string, limit: number): Promise<number> {
  const { orm, t } = shared(db)
  const k = t.idempotencyKeys
  const expired = orm.select({ key: k.key }).from(k).where(lt(k.createdAt, before)).limit(limit)
  return (await orm.delete(k).where(inArray(k.key, expired)).returning({ key: k.key })).length
}

/** Stores an answer under key for userId at createdAt (ISO-8601), replacing a row left under that key. */
export async function saveIdempotentAnswer(
  db: Database,
  key: string,
  row: { userId: number; status: number; body: string; createdAt: string },
): Promise<void> {
  const { orm, t } = shared(db)
  await orm
    .insert(t.idempotencyKeys)
    .values({ key, ...row })
    .onConflictDoUpdate({ target: t.idempotencyKeys.key, set: row })
}
