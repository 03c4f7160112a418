/** Queries on email-capture answers (server-contract: POST /api/email-capture). */
import { inTransaction } from '../db/open'
import type { Database } from '../db/database'
import { emailCaptures } from '../db/schema'
import * as pg from '../db/schema.pg'
import { pgUserStatements, userStatements } from './users.repository'

/**
 * In one transaction: stores an email-capture answer of the session sessionHash (createdAt ISO-8601), and sets the
 * email on that session's user when they have none and no user has verified it.
 */
export async function insertEmailCapture(
  database: Database,
  capture: { email: string; sessionHash: string; createdAt: string },
): Promise<void> {
  if (database.dialect === 'postgres') {
    return database.orm.transaction(async (tx) => {
      const user = await pgUserStatements.bySessionHash(tx, capture.sessionHash)
      await tx
        .insert(pg.emailCaptures)
        .values({ email: capture.email, sessionId: capture.sessionHash, userId: user?.id ?? null, createdAt: capture.createdAt })
      if (user && !user.email && !(await pgUserStatements.byVerifiedEmail(tx, capture.email)))
        await pgUserStatements.update(tx, user.id, { email: capture.email })
    })
  }
  const db = database.orm
  inTransaction(db, () => {
    const user = userStatements.bySessionHash(db, capture.sessionHash)
    db.insert(emailCaptures)
      .values({ email: capture.email, sessionId: capture.sessionHash, userId: user?.id ?? null, createdAt: capture.createdAt })
      .run()
    if (user && !user.email && !userStatements.byVerifiedEmail(db, capture.email))
      userStatements.update(db, user.id, { email: capture.email })
  })
}
