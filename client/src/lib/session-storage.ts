/**
 * The visitor session kept in browser storage (public-visitor §3 Session, §4 Logout): the session record under
 * SESSION_KEY, the logged-out flag, and the per-session "account prompt seen" flag.
 */
import { generateSessionId, type SessionUser } from '@contract/session'

/** localStorage key of the session record. */
export const SESSION_KEY = 'hotvote.session'
/** localStorage key of the logged-out flag ('true' while logged out). */
export const LOGGED_OUT_KEY = 'hotvote.loggedOut'

/**
 * The stored session record. latitude/longitude in degrees; lastUser: the last answer of POST /api/session for this
 * record, kept so an offline start shows the last known visitor.
 */
export type StoredSession = {
  sessionId: string
  username: string
  email?: string | null
  emailVerified?: boolean
  latitude?: number
  longitude?: number
  lastUser?: SessionUser
}

/** A new session id (public-visitor §9). */
export { generateSessionId }

/** The stored session record, or null when none or unreadable. */
export function readStoredSession(): StoredSession | null {
  try {
    const value = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as StoredSession | null
    return value && typeof value.sessionId === 'string' ? value : null
  } catch {
    return null
  }
}

/** Stores the session record. */
export const writeStoredSession = (session: StoredSession) => localStorage.setItem(SESSION_KEY, JSON.stringify(session))

/** The stored session, creating and storing a fresh one when there is none. */
export function ensureStoredSession(): StoredSession {
  const existing = readStoredSession()
  if (existing) return existing
  const fresh = { sessionId: generateSessionId(), username: '' }
  writeStoredSession(fresh)
  return fresh
}

/** The last user the server answered for the stored session id, or null (none yet, or the session changed since). */
export function readLastKnownUser(): SessionUser | null {
  const stored = readStoredSession()
  return stored?.lastUser && stored.lastUser.sessionId === stored.sessionId ? stored.lastUser : null
}

/** True while the logged-out flag is set. */
export const isLoggedOut = () => localStorage.getItem(LOGGED_OUT_KEY) === 'true'
