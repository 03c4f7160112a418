/** Queries on email-capture answers (server-contract: POST /api/email-capture). */
import type { Db } from '../db/open'
import { inTransaction } from '../db/open'
import { emailCaptures } from '../db/schema'
import { userStatements } from './users.repository'

/**
 * In one transaction: stores an email-capture answer of the session sessionHash (createdAt ISO-8601), and sets the
 * email on that session's user when they have none and no user has verified it.
 */
export async function insertEmailCapture(db: Db, capture: { email: string; sessionHash: string; createdAt: string }): Promise<void> {
  inTransaction(db, () => {
    const user = userStatements.bySessionHash(db, capture.sessionHash)
    db.insert(emailCaptures).values({ email: capture.email, sessionId: capture.sessionHash, userId: user?.id ?? null, createdAt: capture.createdAt }).run()
    if (user && !user.email && !userStatements.byVerifiedEmail(db, capture.email)) userStatements.update(db, user.id, { email: capture.email })
  })
}
