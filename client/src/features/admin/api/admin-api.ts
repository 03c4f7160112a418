/**
 * The admin side's calls (admin-back-office §6, §7): the stored token (base64 of username:password under
 * adminToken) is sent as HTTP Basic; a 401 means an expired session and says so in the spec's words.
 */
import { ApiError, apiFetch, type ApiFetchOptions } from '@client/lib/api-client'

/** localStorage key of the admin token. */
export const ADMIN_TOKEN_KEY = 'adminToken'
/** The text of a 401 on any admin call (admin-back-office §6: an expired session). */
export const SESSION_EXPIRED = 'Your admin session may have expired. Please log in again at /adm'
/** The error of an admin call attempted with no stored token (admin-back-office §8 Missing token). */
export const TOKEN_MISSING = 'Admin authentication required. Please log in to the admin portal first.'

/** Thrown by adminFetch before any request when no admin token is stored; message is TOKEN_MISSING. */
export class AdminTokenMissingError extends Error {
  constructor() {
    super(TOKEN_MISSING)
  }
}

/** The stored admin token (base64 of username:password), or null when none is stored. */
export const readAdminToken = () => localStorage.getItem(ADMIN_TOKEN_KEY)
/** Stores the token of username and password after a successful login (admin-back-office §3 Admin session). */
export const storeAdminToken = (username: string, password: string) => localStorage.setItem(ADMIN_TOKEN_KEY, btoa(`${username}:${password}`))
/** Removes the stored token (Logout, admin-back-office §2). */
export const clearAdminToken = () => localStorage.removeItem(ADMIN_TOKEN_KEY)

/** An admin call; throws AdminTokenMissingError without a stored token, ApiError otherwise (its message SESSION_EXPIRED on a 401). */
export async function adminFetch<T>(path: string, opts: ApiFetchOptions = {}): Promise<T> {
  const token = readAdminToken()
  if (token === null) throw new AdminTokenMissingError()
  try {
    return await apiFetch<T>(path, { ...opts, headers: { ...opts.headers, authorization: `Basic ${token}`, 'x-requested-with': 'HotVote' } })
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) throw Object.assign(e, { message: SESSION_EXPIRED })
    throw e
  }
}

/** The text to show for a failed admin call: TOKEN_MISSING, SESSION_EXPIRED on a 401, the server's error text, or fallback. */
export function adminErrorText(e: unknown, fallback: string): string {
  if (e instanceof AdminTokenMissingError) return TOKEN_MISSING
  if (!(e instanceof ApiError)) return fallback
  return e.status === 401 ? SESSION_EXPIRED : e.serverMessage || fallback
}

/** The DMCA and audit screens' text for a missing token (admin-back-office §8: 'DMCA and audit calls give ...'). */
export const AUTH_REQUIRED = 'Admin authentication required'

/** The text of a failed DMCA or audit list: AUTH_REQUIRED without a token, SESSION_EXPIRED on 401, 'HTTP {status}: {statusText}', else 'Unknown error'. */
export function listErrorText(e: unknown): string {
  if (e instanceof AdminTokenMissingError) return AUTH_REQUIRED
  if (e instanceof ApiError) return e.status === 401 ? SESSION_EXPIRED : `HTTP ${e.status}: ${e.statusText}`
  return e instanceof Error && e.message ? e.message : 'Unknown error'
}
