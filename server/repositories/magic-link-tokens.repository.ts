/** Queries on magic-link tokens (server-contract: Email and magic links): stored by SHA-256 only, used up once. Missing rows come back undefined. */
import { and, eq, isNull, ne } from 'drizzle-orm'
import type { Db } from '../db/open'
import { inTransaction } from '../db/open'
import { magicLinkTokens, users } from '../db/schema'
import { userStatements, type UserRow } from './users.repository'

/** One token row as stored. */
export type TokenRow = typeof magicLinkTokens.$inferSelect

/** A token with the user it opens and the user who verified its email (each undefined when there is none). */
export type TokenWithUsers = { row: TokenRow; user: UserRow | undefined; owner: UserRow | undefined }

function tokenWithUsers(db: Db, tokenHash: string): TokenWithUsers | undefined {
  const row = db.select().from(magicLinkTokens).where(eq(magicLinkTokens.tokenHash, tokenHash)).get()
  return row && { row, user: userStatements.byId(db, row.userId), owner: userStatements.byVerifiedEmail(db, row.email) }
}

/** Stores a token (its SHA-256 only). */
export const insertToken = async (db: Db, values: typeof magicLinkTokens.$inferInsert) => void db.insert(magicLinkTokens).values(values).run()

/** The token with this hash and its users. */
export const findTokenWithUsers = async (db: Db, tokenHash: string) => tokenWithUsers(db, tokenHash)

/** What using a token needs (redeemMagicLinkToken). */
export type TokenUse = {
  /** Answers the token's row and user when it may be used; throws to refuse it (nothing is written). Gets undefined for an unknown hash. */
  check: (found: TokenWithUsers | undefined) => { row: TokenRow; user: UserRow }
  /** ISO-8601 UTC. */
  now: string
  /** The hash of the caller's session, kept when it is one of the user's sessions. */
  sidHash?: string
  /** The hash of the session added to the user otherwise. */
  newSessionHash: string
}

/**
 * In one transaction: marks the token used, gives its email verified to its user (unverified copies on other users
 * lose it), counts a login, and keeps sidHash when it is a session of that user or adds newSessionHash to the user's
 * sessions. Answers whether sidHash was kept.
 */
export async function redeemMagicLinkToken(db: Db, tokenHash: string, use: TokenUse): Promise<{ keptSid: boolean }> {
  return inTransaction(db, () => {
    const { row, user } = use.check(tokenWithUsers(db, tokenHash))
    db.update(magicLinkTokens).set({ usedAt: use.now }).where(and(eq(magicLinkTokens.id, row.id), isNull(magicLinkTokens.usedAt))).run()
    db.update(users).set({ email: null, emailVerified: false }).where(and(eq(users.email, row.email), ne(users.id, user.id))).run()
    userStatements.update(db, user.id, { email: row.email, emailVerified: true, lastLoginAt: use.now, loginCount: user.loginCount + 1 })
    if (use.sidHash && userStatements.bySessionHash(db, use.sidHash)?.id === user.id) return { keptSid: true }
    userStatements.insertSession(db, { sessionHash: use.newSessionHash, userId: user.id, createdAt: use.now })
    return { keptSid: false }
  })
}
