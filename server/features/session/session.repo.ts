/** Drizzle queries on users only the visitor session needs (the shared ones are in server/core/users.repo.ts). */
import type { Db } from '../../db/open'
import { users } from '../../db/schema'

/** Inserts a new visitor, whose first session has sessionHash, counted as logged in once at `now` (ISO-8601). */
export const insertVisitor = (db: Db, values: { sessionHash: string; username: string; latitude?: number; longitude?: number; now: string }) =>
  db
    .insert(users)
    .values({ sessionId: values.sessionHash, username: values.username, latitude: values.latitude, longitude: values.longitude, createdAt: values.now, lastLoginAt: values.now, loginCount: 1 })
    .returning()
    .get()
