/** Queries on magic-link tokens (server-contract: Email and magic links): stored by SHA-256 only, used up once. Missing rows come back undefined. */
import { and, eq, isNull, ne } from 'drizzle-orm'
import type { Db } from '../db/open'
import { inTransaction } from '../db/open'
import { shared, type Database, type PgQueries } from '../db/database'
import { magicLinkTokens, users } from '../db/schema'
import * as pg from '../db/schema.pg'
import { pgUserStatements, userStatements, type UserRow } from './users.repository'

/** One token row as stored. */
export type TokenRow = typeof magicLinkTokens.$inferSelect

/** A token with the user it opens and the user who verified its email (each undefined when there is none). */
export type TokenWithUsers = { row: TokenRow; user: UserRow | undefined; owner: UserRow | undefined }

function tokenWithUsers(db: Db, tokenHash: string): TokenWithUsers | undefined {
  const row = db.select().from(magicLinkTokens).where(eq(magicLinkTokens.tokenHash, tokenHash)).get()
  return row && { row, user: userStatements.byId(db, row.userId), owner: userStatements.byVerifiedEmail(db, row.email) }
}

/** tokenWithUsers on PostgreSQL; forUpdate locks the token row until the transaction ends, so a concurrent use waits and then sees it used. */
async function tokenWithUsersPg(q: PgQueries, tokenHash: string, forUpdate = false): Promise<TokenWithUsers | undefined> {
  const query = q.select().from(pg.magicLinkTokens).where(eq(pg.magicLinkTokens.tokenHash, tokenHash))
  const [row] = await (forUpdate ? query.for('update') : query)
  return row && { row, user: await pgUserStatements.byId(q, row.userId), owner: await pgUserStatements.byVerifiedEmail(q, row.email) }
}

/** Stores a token (its SHA-256 only). */
export async function insertToken(db: Database, values: typeof magicLinkTokens.$inferInsert): Promise<void> {
  const { orm, t } = shared(db)
  await orm.insert(t.magicLinkTokens).values(values)
}

/** The token with this hash and its users. */
export const findTokenWithUsers = async (db: Database, tokenHash: string) =>
  db.dialect === 'sqlite' ? tokenWithUsers(db.orm, tokenHash) : tokenWithUsersPg(db.orm, tokenHash)

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
export async function redeemMagicLinkToken(database: Database, tokenHash: string, use: TokenUse): Promise<{ keptSid: boolean }> {
  if (database.dialect === 'postgres') {
    return database.orm.transaction(async (tx) => {
      const { row, user } = use.check(await tokenWithUsersPg(tx, tokenHash, true))
      await tx
        .update(pg.magicLinkTokens)
        .set({ usedAt: use.now })
        .where(and(eq(pg.magicLinkTokens.id, row.id), isNull(pg.magicLinkTokens.usedAt)))
      await tx
        .update(pg.users)
        .set({ email: null, emailVerified: false })
        .where(and(eq(pg.users.email, row.email), ne(pg.users.id, user.id)))
      await pgUserStatements.update(tx, user.id, {
        email: row.email,
        emailVerified: true,
        lastLoginAt: use.now,
        loginCount: user.loginCount + 1,
      })
      if (use.sidHash && (await pgUserStatements.bySessionHash(tx, use.sidHash))?.id === user.id) return { keptSid: true }
      await pgUserStatements.insertSession(tx, { sessionHash: use.newSessionHash, userId: user.id, createdAt: use.now })
      return { keptSid: false }
    })
  }
  const db = database.orm
  return inTransaction(db, () => {
    const { row, user } = use.check(tokenWithUsers(db, tokenHash))
    db.update(magicLinkTokens)
      .set({ usedAt: use.now })
      .where(and(eq(magicLinkTokens.id, row.id), isNull(magicLinkTokens.usedAt)))
      .run()
    db.update(users)
      .set({ email: null, emailVerified: false })
      .where(and(eq(users.email, row.email), ne(users.id, user.id)))
      .run()
    userStatements.update(db, user.id, { email: row.email, emailVerified: true, lastLoginAt: use.now, loginCount: user.loginCount + 1 })
    if (use.sidHash && userStatements.bySessionHash(db, use.sidHash)?.id === user.id) return { keptSid: true }
    userStatements.insertSession(db, { sessionHash: use.newSessionHash, userId: user.id, createdAt: use.now })
    return { keptSid: false }
  })
}
