/**
 * The visitor session (public-visitor §3, §4, §7): unless logged out, the stored session (created on first
 * visit) is posted to POST /api/session, which creates or resumes the user and sets the sid cookie; on a page whose
 * server already resumed the visitor (the first screen data of GET /), that answer is taken instead, once.
 * Offline the last known user (restored from the persisted query cache) stays in place of an error.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SessionUser } from '@contract/session'
import { ApiError, apiFetch } from '@client/lib/api-client'
import { ensureStoredSession, isLoggedOut, readLastKnownUser, readStoredSession, writeStoredSession } from '@client/lib/session-storage'
import { claimFirstScreenQueue, readFirstScreenData } from '@client/lib/first-screen-data'
import { paths } from '@contract/paths'

/**
 * POSTs the stored session (a new one when none is stored); answers the user and stores its name and email. A new
 * session on a page whose server named no visitor claims the page's first queue (claimFirstScreenQueue). Throws
 * ApiError or TypeError (offline).
 */
async function resumeSession(): Promise<SessionUser> {
  const isNew = !readStoredSession()
  const stored = ensureStoredSession()
  const user = await apiFetch<SessionUser>(paths.session(), {
    method: 'POST',
    json: { sessionId: stored.sessionId, username: stored.username || undefined },
  })
  writeStoredSession({ ...stored, username: user.username, email: user.email, emailVerified: user.emailVerified, lastUser: user })
  if (isNew) claimFirstScreenQueue(user.id)
  return user
}

let firstScreenTaken = false

/**
 * The session the server resumed for this page load (its sid cookie is renewed), stored as the visitor's
 * session; undefined when the page has none, after the first call, or when this browser keeps another session (the
 * stored one wins: it is posted as usual).
 */
function takeFirstScreenSession(): SessionUser | undefined {
  if (firstScreenTaken) return undefined
  firstScreenTaken = true
  const user = readFirstScreenData()?.session
  const stored = readStoredSession()
  if (!user || (stored && stored.sessionId !== user.sessionId)) return undefined
  writeStoredSession({
    ...stored,
    sessionId: user.sessionId,
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerified,
    lastUser: user,
  })
  return user
}

/**
 * Query options of the session user; null while logged out. Fetched once, never stale, no retry, and no refetch
 * when a failed query gets a new observer (the shell would otherwise spin between spinner and error). The session the
 * server wrote into the page is its initial data, so the first render already has the visitor. When the
 * network is down (not an HTTP error), the last known user (in the cache, restored from IndexedDB, or kept with the
 * stored session) is answered instead of failing.
 */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ['session'],
    retryOnMount: false,
    initialData: () => (isLoggedOut() ? undefined : takeFirstScreenSession()),
    queryFn: async ({ client, queryKey }): Promise<SessionUser | null> => {
      if (isLoggedOut()) return null
      try {
        return await resumeSession()
      } catch (error) {
        const lastKnown = client.getQueryData<SessionUser | null>(queryKey) ?? readLastKnownUser()
        if (error instanceof ApiError || !lastKnown) throw error
        return lastKnown
      }
    },
  })

/** The session user query (data: SessionUser | null). */
export const useSessionUser = () => useQuery(sessionQueryOptions())
