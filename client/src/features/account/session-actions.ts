/** Logout and new-user actions (public-visitor §4 Logout, Welcome Back): they change browser storage and reload. */
import { LOGGED_OUT_KEY, SESSION_KEY, generateSessionId, writeStoredSession } from '@client/lib/session-storage'

/** Logout: removes the stored session, sets the logged-out flag and reloads. */
export function logout(): void {
  localStorage.removeItem(SESSION_KEY)
  localStorage.setItem(LOGGED_OUT_KEY, 'true')
  window.location.reload()
}

/** Clears the logged-out flag. */
export const clearLoggedOut = () => localStorage.removeItem(LOGGED_OUT_KEY)

/** 'Login as a New User': clears the flag, stores a fresh session and reloads. */
export function startAsNewUser(): void {
  clearLoggedOut()
  writeStoredSession({ sessionId: generateSessionId(), username: '' })
  window.location.reload()
}
