/**
 * Converts the session ids older versions stored in clear (users.session_id, email_captures.session_id) into their
 * SHA-256 hex (server/core/session-hash.ts), once per database: SQLite's user_version records that it is done, since a
 * hash is itself a well-formed session id and must never be hashed again. System and synthetic tags hold ':', which no
 * session id has, so they stay as they are (system-session-ids.ts).
 */
import * as v from 'valibot'
import { SessionIdSchema } from '../contract/session'
import { hashSessionId } from '../core/session-hash'
import type { Db } from './open'

/** The user_version of a database whose session ids are stored as hashes. */
export const SESSION_HASHES_VERSION = 1

/** Hashes every clear session id left by an older version; does nothing once user_version says it is done. */
export function hashClearSessionIds(db: Db): void {
  const sqlite = db.$client
  const { user_version } = sqlite.query<{ user_version: number }, []>('pragma user_version').get()!
  if (user_version >= SESSION_HASHES_VERSION) return
  sqlite.transaction(() => {
    for (const table of ['users', 'email_captures']) {
      const update = sqlite.query<unknown, [string, number]>(`update ${table} set session_id = ? where id = ?`)
      for (const row of sqlite.query<{ id: number; sid: string }, []>(`select id, session_id as sid from ${table}`).all()) {
        if (v.is(SessionIdSchema, row.sid)) update.run(hashSessionId(row.sid), row.id)
      }
    }
    sqlite.run(`pragma user_version = ${SESSION_HASHES_VERSION}`)
  })()
}
