/**
 * Media to rate (public-visitor §4 Rating flow, §7; server-contract: GET /api/media/queue and /random):
 * the rate screen keeps a queue of upcoming items fetched QUEUE_SIZE at a time and refilled as it drains.
 */
import { MAX_EXCLUDE_IDS, type RateMedia } from '@contract/media'
import { apiFetch } from '@client/lib/api-client'
import { firstScreenQueueOwner, readFirstScreenData } from '@client/lib/first-screen-data'
import { RATE_QUEUE_SIZE } from '@contract/first-screen'
import { paths } from '@contract/paths'

/** Items asked for per fetch, and how many more than the one on screen can be rated offline at least. */
export const QUEUE_SIZE = RATE_QUEUE_SIZE
/**
 * While online the queue is refilled once it holds fewer than this many items (the one on screen and QUEUE_SIZE
 * more), so it holds 10 to 20 upcoming items and is fetched about once every 10 votes.
 */
export const REFILL_BELOW = QUEUE_SIZE + 1

/** Up to limit random items for userId that are not in exclude (ids), answered in random order. Throws ApiError, TypeError offline. */
export function getMediaQueue(userId: number, exclude: number[], limit: number = QUEUE_SIZE): Promise<RateMedia[]> {
  const ids = [...new Set(exclude)].slice(-MAX_EXCLUDE_IDS)
  return apiFetch<RateMedia[]>(paths.mediaQueue(userId, { limit, exclude: ids }))
}

/** The first queue of this page load, asked for before the rate screen renders (prefetchFirstQueue). */
let firstQueue: { userId: number; answer: Promise<RateMedia[]>; taken: boolean } | undefined

let servedUsed = false

/**
 * The first queue the server wrote into the page for userId (first screen data; firstScreenQueueOwner: the page's
 * visitor, or the new visitor this page load started) while no rate screen of this page
 * load has mounted with it (a later rate screen fetches its own, which excludes what was rated here), or undefined
 * (none, or an empty one: pages other than `/` carry none, and the rate screen tells an empty site from a rated-all
 * one by asking). Reading it changes nothing, so a render React discards and starts again gets the same queue;
 * markServedQueueUsed() ends it once a rate screen has mounted.
 */
export function servedQueue(userId: number): RateMedia[] | undefined {
  const served = readFirstScreenData()
  if (servedUsed || !served || firstScreenQueueOwner() !== userId || served.queue.length === 0) return undefined
  return served.queue
}

/** Ends the served first queue for this page load: a rate screen has mounted (called from its effect, not its render). */
export function markServedQueueUsed(): void {
  servedUsed = true
}

/**
 * Starts fetching userId's first queue now: the rate route calls it as soon as the session is
 * known, so the photo to rate (the LCP element) waits for one request less than if the screen asked after rendering.
 * Nothing is fetched when the page carries userId's first queue (the rate screen starts with it: servedQueue).
 * Once per page load; a later call for the same user does nothing.
 */
export function prefetchFirstQueue(userId: number): void {
  const served = readFirstScreenData()
  if (firstQueue?.userId === userId || (served && firstScreenQueueOwner() === userId && served.queue.length > 0)) return
  const answer = getMediaQueue(userId, [])
  answer.catch(() => undefined)
  firstQueue = { userId, answer, taken: false }
}

/**
 * The prefetched first queue of userId, at most once (later fetches need their exclude list), or undefined. The
 * caller still drops items it has seen, since the prefetch excluded nothing.
 */
export function takeFirstQueue(userId: number): Promise<RateMedia[]> | undefined {
  if (!firstQueue || firstQueue.userId !== userId || firstQueue.taken) return undefined
  firstQueue.taken = true
  return firstQueue.answer
}

/** One random item: null when the site has no media; ApiError 404 once everything is rated (tells an empty site from a rated-all one). */
export const getRandomMedia = (userId: number) => apiFetch<RateMedia | null>(paths.mediaRandom(userId))
