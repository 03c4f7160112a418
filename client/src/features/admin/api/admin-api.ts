/**
 * The admin side's calls (admin-back-office §6, §7): the stored token (base64 of username:password under
 * adminToken) is sent as HTTP Basic; a 401 means an expired session and says so in the spec's words.
 */
import { ApiError, apiFetch, type ApiFetchOptions } from '@client/lib/api-client'

/** localStorage key of the admin token. */
export const ADMIN_TOKEN_KEY = 'adminToken'
export const SESSION_EXPIRED = 'Your admin session may have expired. Please log in again at /adm'

export const readAdminToken = () => localStorage.getItem(ADMIN_TOKEN_KEY)
export const storeAdminToken = (username: string, password: string) => localStorage.setItem(ADMIN_TOKEN_KEY, btoa(`${username}:${password}`))
export const clearAdminToken = () => localStorage.removeItem(ADMIN_TOKEN_KEY)

/** An admin call; throws ApiError (its message replaced by SESSION_EXPIRED on a 401). */
export async function adminFetch<T>(path: string, opts: ApiFetchOptions = {}): Promise<T> {
  try {
    return await apiFetch<T>(path, { ...opts, headers: { ...opts.headers, authorization: `Basic ${readAdminToken() ?? ''}`, 'x-requested-with': 'HotVote' } })
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) throw Object.assign(e, { message: SESSION_EXPIRED })
    throw e
  }
}

/** The server's error text of a failed call, or fallback. */
export const adminErrorText = (e: unknown, fallback: string) => (e instanceof ApiError && e.status === 401 ? SESSION_EXPIRED : (e instanceof ApiError && e.serverMessage) || fallback)
