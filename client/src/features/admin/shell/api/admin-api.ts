/**
 * The admin side's calls (admin-back-office §6, §7). Login trades the password once for an admin
 * token that the server keeps in an HttpOnly, SameSite=Strict cookie, so no script (and no XSS) can read it and the
 * password is never stored. What the browser stores under adminToken is only a marker with the token's expiry, which
 * the screens use as "a token is stored" (admin-back-office §2). A 401 means an expired session, in the spec's words.
 */
import { ApiError, apiFetch, type ApiFetchOptions } from '@client/lib/api-client'
import type { AdminLoginAnswer } from '@contract/admin/auth'
import { paths } from '@contract/paths'
import { collectPages, NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER, type PageRequest } from '@contract/admin/paging'

/**
 * Query key prefix of the admin media lists: the Media screen reads them; its deletes and the Bucket screen's
 * near-duplicate decisions invalidate them.
 */
export const ADMIN_MEDIA_KEY = ['admin', 'media'] as const

/** localStorage key of the admin session marker. */
const ADMIN_TOKEN_KEY = 'adminToken'
/** Prefix of the marker value (`session:<expiresAt>`); any other stored value is a password from an older version. */
const MARKER_PREFIX = 'session:'
/** The /adm app marks its calls, so a 401 carries no Basic challenge (no browser login prompt). */
const FROM_APP = { 'x-requested-with': 'HotVote' }
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

/**
 * The stored session marker, or null when none is stored. A base64 password left by an older version is erased and
 * read as an expired session, so the screens ask to log in again.
 */
export function readAdminToken(): string | null {
  const stored = localStorage.getItem(ADMIN_TOKEN_KEY)
  if (stored === null || stored.startsWith(MARKER_PREFIX)) return stored
  localStorage.setItem(ADMIN_TOKEN_KEY, `${MARKER_PREFIX}expired`)
  return `${MARKER_PREFIX}expired`
}
/** Removes the stored marker (Logout, admin-back-office §2, or a failed login). */
export const clearAdminToken = () => localStorage.removeItem(ADMIN_TOKEN_KEY)

/** Trades username and password for the admin token cookie (POST /api/admin/login) and stores the marker; throws ApiError (401, 429) or TypeError offline. */
export async function logInAdmin(username: string, password: string): Promise<void> {
  const answer = await apiFetch<AdminLoginAnswer>(paths.adminLogin(), {
    method: 'POST',
    json: { username, password },
    headers: FROM_APP,
    cache: 'no-store',
  })
  localStorage.setItem(ADMIN_TOKEN_KEY, `${MARKER_PREFIX}${answer.expiresAt}`)
}

/** Logout: forgets the marker at once and asks the server to revoke the token (POST /api/admin/logout; a failure is ignored, the token expires anyway). */
export function logOutAdmin(): void {
  clearAdminToken()
  void fetch(paths.adminLogout(), { method: 'POST', headers: FROM_APP, keepalive: true }).catch(() => undefined)
}

/** An admin call with the token cookie; throws AdminTokenMissingError without a stored marker, ApiError otherwise (its message SESSION_EXPIRED on a 401). */
export async function adminFetch<T>(path: string, opts: ApiFetchOptions = {}): Promise<T> {
  if (readAdminToken() === null) throw new AdminTokenMissingError()
  try {
    return await apiFetch<T>(path, { ...opts, headers: { ...opts.headers, ...FROM_APP } })
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) throw Object.assign(e, { message: SESSION_EXPIRED })
    throw e
  }
}

/**
 * Every row of a paged admin list (contract/admin/paging), read page after page, each after the cursor the page before
 * answered in X-Next-Cursor: pathOf gives each page's path, rowsOf the rows of its answer. The screens filter, sort
 * and count over whole lists (admin-back-office §2, §5), so they read them whole, in pages the server bounds; a row
 * added or removed meanwhile never repeats or hides another. Throws like adminFetch.
 */
export async function adminFetchAll<A, T>(pathOf: (page: PageRequest) => string, rowsOf: (answer: A) => T[]): Promise<T[]> {
  const { items } = await collectPages(async (page) => {
    let headers = new Headers()
    const answer = await adminFetch<A>(pathOf(page), { cache: 'no-store', onHeaders: (h) => (headers = h) })
    return { items: rowsOf(answer), total: Number(headers.get(TOTAL_COUNT_HEADER)), next: headers.get(NEXT_CURSOR_HEADER) ?? undefined }
  })
  return items
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
