/** Queries on stored Idempotency-Key answers (server-contract: POST /api/media/upload). Missing rows come back undefined. */
import { and, eq, gte, inArray, lt } from 'drizzle-orm'
import { shared, type Database, type PgQueries, type SqliteDb } from '../db/database'
import * as pg from '../db/schema.pg'
import * as sqlite from '../db/schema'

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

/** An answer to store: its key (`<userId>:<Idempotency-Key>`), user, status, JSON body (text) and time (ISO-8601). */
export type IdempotentAnswer = { key: string; userId: number; status: number; body: string; createdAt: string }

/** Stores answer inside PostgreSQL transaction tx, replacing an expired row left under its key. */
export async function saveIdempotentAnswerPg(tx: PgQueries, answer: IdempotentAnswer): Promise<void> {
  const { key, ...row } = answer
  await tx.insert(pg.idempotencyKeys).values(answer).onConflictDoUpdate({ target: pg.idempotencyKeys.key, set: row })
}

/** saveIdempotentAnswerPg on SQLite: synchronous, for a transaction of inTransaction (server/db/open.ts). */
export function saveIdempotentAnswerSqlite(db: SqliteDb, answer: IdempotentAnswer): void {
  const { key, ...row } = answer
  db.insert(sqlite.idempotencyKeys).values(answer).onConflictDoUpdate({ target: sqlite.idempotencyKeys.key, set: row }).run()
}
