/**
 * Drizzle queries on users that several features need (magic links, profile changes, the bucket import's system
 * user): by session hash, by username ignoring case, update. Missing rows come back undefined.
 */
import { and, eq, ne, or, sql } from 'drizzle-orm'
import type { Db } from '../db/open'
import { perDb } from '../db/prepared'
import { userSessions, users } from '../db/schema'

const userBySessionHash = perDb((db) =>
  db
    .select()
    .from(users)
    .where(or(eq(users.sessionId, sql.placeholder('hash')), sql`${users.id} = (select ${userSessions.userId} from ${userSessions} where ${userSessions.sessionHash} = ${sql.placeholder('hash')})`))
    .prepare(),
)

/**
 * The user one of whose sessions has this stored hash (server/core/session-hash.ts): the account's first session
 * (users.session_id) or a later one (user_sessions); a system or synthetic tag finds its own user.
 */
export const findUserBySessionHash = (db: Db, hash: string) => userBySessionHash(db).get({ hash })

/** Adds a session (its hash) to userId at `at` (ISO-8601). */
export const insertUserSession = (db: Db, values: { sessionHash: string; userId: number; createdAt: string }) => db.insert(userSessions).values(values).run()

/** The id of a user other than exceptUserId (0: any user) whose username equals this one ignoring case. */
export const findUserIdByUsername = (db: Db, username: string, exceptUserId = 0) =>
  db.select({ id: users.id }).from(users).where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, exceptUserId))).get()

/** Sets fields of one user and returns the updated row (undefined for an unknown id). */
export const updateUser = (db: Db, id: number, values: Partial<typeof users.$inferInsert>) => db.update(users).set(values).where(eq(users.id, id)).returning().get()
