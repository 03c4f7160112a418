/** Logout and new-user actions (public-visitor §4 Logout, Welcome Back): they change browser storage and reload. */
import { apiFetch } from '@client/lib/api-client'
import { LOGGED_OUT_KEY, SESSION_KEY, generateSessionId, writeStoredSession } from '@client/lib/session-storage'
import { paths } from '@contract/paths'

/** How long logout waits for the server to expire the sid cookie before reloading anyway, ms. */
const LOGOUT_CALL_TIMEOUT_MS = 3000

/**
 * Logout: removes the stored session, sets the logged-out flag, asks the server to expire the sid cookie
 * (DELETE /api/session; best effort, so logging out offline still works) and reloads.
 */
export function logout(): void {
  localStorage.removeItem(SESSION_KEY)
  localStorage.setItem(LOGGED_OUT_KEY, 'true')
  const reload = () => window.location.reload()
  apiFetch(paths.session(), { method: 'DELETE', signal: AbortSignal.timeout(LOGOUT_CALL_TIMEOUT_MS) }).then(reload, reload)
}

/** Clears the logged-out flag. */
export const clearLoggedOut = () => localStorage.removeItem(LOGGED_OUT_KEY)

/** 'Login as a New User': clears the flag, stores a fresh session and reloads. */
export function startAsNewUser(): void {
  clearLoggedOut()
  writeStoredSession({ sessionId: generateSessionId(), username: '' })
  window.location.reload()
}
