/**
 * The first screen the server wrote into the page (server/features/first-screen: GET / on a page load): the
 * visitor's session (null when the page load named none) and first queue as JSON in the `<script
 * type="application/json">` element, so the session and rate screen start without an API round trip. Absent on pages the service worker answered from its cache, on
 * other routes and whenever the server left it out; then the client asks the API as before.
 */
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenData } from '@contract/first-screen'

let read: FirstScreenData | null | undefined

/** The page's first screen data (read and parsed once per page load), or undefined when the page has none or it is unreadable. */
export function readFirstScreenData(): FirstScreenData | undefined {
  if (read === undefined) {
    read = null
    try {
      const data = JSON.parse(document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent ?? 'null') as FirstScreenData | null
      const session = data?.session
      const sessionOk = session === null || (typeof session?.sessionId === 'string' && typeof session.id === 'number')
      if (data && sessionOk && Array.isArray(data.queue)) read = data
    } catch {
      // Unreadable data: the client starts as without it.
    }
  }
  return read ?? undefined
}

let claimedBy: number | undefined

/**
 * Marks userId as the visitor this page load started itself (POST /api/session with a new session id) on a page that
 * carries no session: the page's queue, picked for nobody, is that new visitor's first queue.
 */
export function claimFirstScreenQueue(userId: number): void {
  claimedBy = userId
}

/** The user whose first queue the page carries: its session's user, else the claiming new visitor; undefined when none. */
export function firstScreenQueueOwner(): number | undefined {
  const data = readFirstScreenData()
  return data ? (data.session?.id ?? claimedBy) : undefined
}
