/**
 * The visitor session (public-visitor §3, §4, §7): unless logged out, the stored session (created on first
 * visit) is posted to POST /api/session, which creates or resumes the user and sets the sid cookie.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SessionUser } from '@contract/session'
import { apiFetch } from '@client/lib/api-client'
import { ensureStoredSession, isLoggedOut, writeStoredSession } from '@client/lib/session-storage'

/** Query options of the session user; null while logged out. Fetched once, never stale, no retry. */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ['session'],
    queryFn: async (): Promise<SessionUser | null> => {
      if (isLoggedOut()) return null
      const stored = ensureStoredSession()
      const user = await apiFetch<SessionUser>('/api/session', { method: 'POST', json: { sessionId: stored.sessionId, username: stored.username || undefined } })
      writeStoredSession({ ...stored, username: user.username, email: user.email, emailVerified: user.emailVerified })
      return user
    },
  })

/** The session user query (data: SessionUser | null). */
export const useSessionUser = () => useQuery(sessionQueryOptions())
