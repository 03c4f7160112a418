/** Drizzle queries on magic-link tokens and the users they point at (by session id and update: server/core/users.repo). Missing rows come back undefined. */
import { and, eq, ne } from 'drizzle-orm'
import type { Db } from '../../db/open'
import { emailCaptures, magicLinkTokens, users } from '../../db/schema'

/** The user who verified this (normalised) email; an unverified copy owns nothing (issue #10). */
export const findUserByVerifiedEmail = (db: Db, email: string) => db.select().from(users).where(and(eq(users.email, email), eq(users.emailVerified, true))).get()

/** Removes email from every user but exceptUserId (the unverified copies left when its owner verifies it). */
export const clearEmailOnOthers = (db: Db, email: string, exceptUserId: number) =>
  db.update(users).set({ email: null, emailVerified: false }).where(and(eq(users.email, email), ne(users.id, exceptUserId))).run()

/** The user with this id. */
export const findUserById = (db: Db, id: number) => db.select().from(users).where(eq(users.id, id)).get()

/** Stores a token (its SHA-256 only). */
export const insertToken = (db: Db, values: typeof magicLinkTokens.$inferInsert) => db.insert(magicLinkTokens).values(values).run()

/** The token row with this hash. */
export const findTokenByHash = (db: Db, tokenHash: string) => db.select().from(magicLinkTokens).where(eq(magicLinkTokens.tokenHash, tokenHash)).get()

/** Marks a token used at `at` (ISO-8601). */
export const markTokenUsed = (db: Db, id: number, at: string) => db.update(magicLinkTokens).set({ usedAt: at }).where(eq(magicLinkTokens.id, id)).run()

/** Stores one email-capture answer. */
export const insertEmailCapture = (db: Db, values: typeof emailCaptures.$inferInsert) => db.insert(emailCaptures).values(values).run()
