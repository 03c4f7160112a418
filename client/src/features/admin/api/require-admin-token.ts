/**
 * The DMCA and audit screens' own token check and list error text (admin-back-office §2, §8): they are not redirected
 * to /adm without a token but fail with 'Admin authentication required'; a failed list reads 'HTTP {status}: {statusText}'.
 */
import { ApiError } from '@client/lib/api-client'
import { readAdminToken, SESSION_EXPIRED } from './admin-api'

export const AUTH_REQUIRED = 'Admin authentication required'

/** Throws Error(AUTH_REQUIRED) when no admin token is stored; call it first in the DMCA and audit fetchers. */
export function requireAdminToken(): void {
  if (readAdminToken() === null) throw new Error(AUTH_REQUIRED)
}

/** The text of a failed DMCA or audit list: SESSION_EXPIRED on 401, 'HTTP {status}: {statusText}', the error's message, else 'Unknown error'. */
export function listErrorText(e: unknown): string {
  if (e instanceof ApiError) return e.status === 401 ? SESSION_EXPIRED : `HTTP ${e.status}: ${e.statusText}`
  return e instanceof Error && e.message ? e.message : 'Unknown error'
}
