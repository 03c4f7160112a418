/**
 * Drizzle queries on users that several features need (magic links, profile changes, the bucket import's system
 * user): by session id, by username ignoring case, update. Missing rows come back undefined.
 */
import { and, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/open'
import { users } from '../db/schema'

/** The user with this session id. */
export const findUserBySessionId = (db: Db, sessionId: string) => db.select().from(users).where(eq(users.sessionId, sessionId)).get()

/** The id of a user other than exceptUserId (0: any user) whose username equals this one ignoring case. */
export const findUserIdByUsername = (db: Db, username: string, exceptUserId = 0) =>
  db.select({ id: users.id }).from(users).where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, exceptUserId))).get()

/** Sets fields of one user and returns the updated row (undefined for an unknown id). */
export const updateUser = (db: Db, id: number, values: Partial<typeof users.$inferInsert>) => db.update(users).set(values).where(eq(users.id, id)).returning().get()
