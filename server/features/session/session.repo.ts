/** Drizzle queries on users for the visitor session. Missing rows come back undefined. */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/open'
import { users } from '../../db/schema'

/** The user with this session id. */
export const findUserBySessionId = (db: Db, sessionId: string) => db.select().from(users).where(eq(users.sessionId, sessionId)).get()

/** True when a user already has this username, ignoring case. */
export const usernameExists = (db: Db, username: string) =>
  db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`).get() !== undefined

/** Inserts a new visitor counted as logged in once at `now` (ISO-8601). */
export const insertVisitor = (db: Db, values: { sessionId: string; username: string; latitude?: number; longitude?: number; now: string }) =>
  db
    .insert(users)
    .values({ sessionId: values.sessionId, username: values.username, latitude: values.latitude, longitude: values.longitude, createdAt: values.now, lastLoginAt: values.now, loginCount: 1 })
    .returning()
    .get()

/** Sets fields of one user and returns the updated row. */
export const updateUser = (db: Db, id: number, values: Partial<typeof users.$inferInsert>) =>
  db.update(users).set(values).where(eq(users.id, id)).returning().get()
