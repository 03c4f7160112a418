/** Drizzle queries on users for profile changes. Missing rows come back undefined. */
import { and, eq, ne } from 'drizzle-orm'
import type { Db } from '../../db/open'
import { users } from '../../db/schema'

/** The id of a user other than exceptUserId who has verified this email (issue #10: only a verified copy owns it). */
export const findOtherVerifiedEmailOwner = (db: Db, email: string, exceptUserId: number) =>
  db.select({ id: users.id }).from(users).where(and(eq(users.email, email), eq(users.emailVerified, true), ne(users.id, exceptUserId))).get()
