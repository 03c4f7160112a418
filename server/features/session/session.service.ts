/**
 * Visitor sessions (server-contract: Visitor session): create on first visit with a generated
 * readable username, resume (counting a login at most once per 30 minutes), update location.
 */
import { adjectives, animals, uniqueNamesGenerator } from 'unique-names-generator'
import type { Deps } from '../../core/deps'
import { inTransaction } from '../../db/open'
import type { SessionInput } from '../../contract/session'
import { isReservedUsername } from '../../contract/users'
import type { UserRow } from '../../http/session-user'
import { findUserBySessionHash, findUserIdByUsername, updateUser } from '../../core/users.repo'
import { hashSessionId } from '../../core/session-hash'
import { insertVisitor } from './session.repo'

/** A resumed session counts as a new login only after this much time since the last one, ms. */
export const LOGIN_RESUME_WINDOW_MS = 30 * 60 * 1000

/** A readable username such as BraveOtter4821 that no user has yet (ignoring case). */
export function generateUsername(deps: Pick<Deps, 'db'>): string {
  for (;;) {
    const words = uniqueNamesGenerator({ dictionaries: [adjectives, animals], separator: '', style: 'capital', length: 2 })
    const name = `${words}${Math.floor(1000 + Math.random() * 9000)}`.slice(0, 30)
    if (!findUserIdByUsername(deps.db, name)) return name
  }
}

/**
 * Creates the visitor for an unknown sessionId, or resumes a known one (updating location when given).
 * A requested username is used only when free and not reserved (issue #10); otherwise one is generated. Only the
 * session id's hash is stored. Returns the user row.
 * admitNew runs, in the same synchronous step, just before a new visitor is made; it throws (e.g. HttpError 429) to refuse it.
 */
export function upsertSession(deps: Pick<Deps, 'db' | 'clock'>, input: SessionInput, admitNew?: () => void): UserRow {
  return inTransaction(deps.db, () => {
    const now = deps.clock.now()
    const sessionHash = hashSessionId(input.sessionId)
    const existing = findUserBySessionHash(deps.db, sessionHash)
    if (!existing) {
      admitNew?.()
      const wanted = input.username?.trim()
      const free = wanted && /^[A-Za-z0-9_-]{3,30}$/.test(wanted) && !isReservedUsername(wanted) && !findUserIdByUsername(deps.db, wanted)
      const username = free ? wanted : generateUsername(deps)
      return insertVisitor(deps.db, { sessionHash, username, latitude: input.latitude, longitude: input.longitude, now: now.toISOString() })
    }
    const changes: Partial<UserRow> = {}
    if (input.latitude !== undefined && input.longitude !== undefined) Object.assign(changes, { latitude: input.latitude, longitude: input.longitude })
    const last = existing.lastLoginAt ? Date.parse(existing.lastLoginAt) : 0
    if (now.getTime() - last >= LOGIN_RESUME_WINDOW_MS) Object.assign(changes, { lastLoginAt: now.toISOString(), loginCount: existing.loginCount + 1 })
    return Object.keys(changes).length ? updateUser(deps.db, existing.id, changes) : existing
  })
}
