/**
 * Tags kept in users.session_id in place of a session's hash: those of users that are not visitors (the owner of
 * imported media, the synthetic voters of vote population), so no sid cookie and no POST /api/session can ever reach
 * them, and the one a visitor's first session leaves when logged out. Each contains a ':', which SessionIdSchema
 * ([0-9a-z]{16,64}) never accepts and so no session hashes to.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from './open'
import { users } from './schema'

/** Session id of the user that owns media imported from the bucket. */
export const IMPORT_OWNER_SESSION_ID = 'system:import-owner'
/** The session id an older version gave the import owner; usable as a cookie, so rewritten at open. */
const LEGACY_IMPORT_OWNER_SESSION_ID = 'system-import-owner'

/** Session id of a synthetic voter; tag: any unique string (vote population uses 32 hex digits). */
export const syntheticSessionId = (tag: string) => `synthetic:${tag}`

/**
 * What users.session_id becomes when a visitor logs out of the session that created the account: a new unique tag
 * (32 random hex digits) that no session hashes to, so that session id opens the account no more (the column is
 * required and unique; the account's later sessions live in user_sessions).
 */
export const loggedOutSessionId = () => `logged-out:${randomBytes(16).toString('hex')}`

/**
 * Rewrites the usable session ids older versions gave the import owner ('system-import-owner') and synthetic voters
 * ('synthetic<tag>') into the unusable forms above. Idempotent; run each time the database is opened.
 */
export function rewriteLegacySystemSessionIds(db: Db): void {
  db.update(users).set({ sessionId: IMPORT_OWNER_SESSION_ID }).where(sql`${users.sessionId} = ${LEGACY_IMPORT_OWNER_SESSION_ID}`).run()
  db.update(users)
    .set({ sessionId: sql`'synthetic:' || substr(${users.sessionId}, 10)` })
    .where(sql`${users.isSynthetic} = 1 and ${users.sessionId} not like 'synthetic:%'`)
    .run()
}
