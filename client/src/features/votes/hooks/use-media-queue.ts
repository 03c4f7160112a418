/**
 * The rate screen's queue of upcoming items (public-visitor §2 Rate screen states): fetched QUEUE_SIZE at a
 * time from GET /api/media/queue, refilled while online once fewer than REFILL_BELOW remain, never offering an item
 * voted on or skipped here (votes still waiting in the outbox included). The head is the item on screen. It starts
 * with the first queue the page carries, so the first render shows the first item; a queue with items to show is
 * refilled only once the visitor has voted or has looked at the first item for a while (first-media.ts), so the
 * first seconds fetch nothing the screen does not show. The queue is kept in localStorage, so a reload while offline
 * goes on with it. When a fetch fails online with nothing left to show, the screen shows the spec's load-error text
 * and its button, and the queue also fetches again by itself (after the answer's Retry-After, else with the outbox's
 * backoff), so a visitor whose fetch met a restart or a dropped link goes on rating once the site answers again. An
 * item whose file failed to load (the bucket away) leaves the queue without counting as skipped: when only such items
 * are left to rate, that is a load error too, and the fetch again offers them, with a backoff that grows until the
 * visitor votes again.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react'
import type { RateMedia } from '@contract/media'
import { ApiError } from '@client/lib/api-client'
import { backoffDelayMs, readOutbox } from '@client/lib/offline/outbox'
import { retryAfterMs } from '@client/lib/offline/outbox-send'
import { useOnline } from '@client/lib/offline/use-outbox'
import { getMediaQueue, getRandomMedia, markServedQueueUsed, REFILL_BELOW, servedQueue, takeFirstQueue } from '../api/get-media-queue'
import { voteKind } from '../outbox-kinds'
import { afterFirstVoteOrQuiet, restOfQueueOpen } from '../first-media'

/**
 * loading: first fetch running; ready: items to show (or more coming); empty: the site has no media; done: everything
 * is rated, or a fetch failed online (the spec's load error: the same text, and the queue fetches again by itself);
 * offline: nothing left here and no network to fetch more.
 */
export type QueueStatus = 'loading' | 'ready' | 'empty' | 'done' | 'offline'

/** Ids of items whose vote still waits in the outbox. */
async function waitingVoteIds(): Promise<number[]> {
  return (await readOutbox().catch(() => [])).flatMap((i) => (voteKind.is(i) ? [i.vote.mediaId] : []))
}

const storageKey = (userId: number) => `hotvote.rateQueue.${userId}`

/** The queue kept from the last visit, used only when starting offline (online, fresh figures are fetched). */
function storedQueue(userId: number): RateMedia[] {
  if (navigator.onLine) return []
  try {
    return JSON.parse(localStorage.getItem(storageKey(userId)) ?? '[]') as RateMedia[]
  } catch {
    return []
  }
}

/**
 * How an item left the queue: voted on (never fetched again this visit), skipped by the visitor (offered again after
 * a refresh), or its file failed to load (offered again when the queue fetches again after a load error).
 */
export type Removal = 'voted' | 'skipped' | 'failed'

/** The queue for userId: items (head on screen), status, remove(id, how), refresh(). */
export function useMediaQueue(userId: number) {
  const online = useOnline()
  const [items, setItems] = useState<RateMedia[]>(() => servedQueue(userId) ?? storedQueue(userId))
  // The page's first queue is this screen's once it has mounted; a render React discards (a time-sliced one it starts
  // again) must not use it up.
  useEffect(markServedQueueUsed, [])
  const [status, setStatus] = useState<QueueStatus>(() => (items.length ? 'ready' : 'loading'))
  const itemsRef = useRef(items)
  itemsRef.current = items
  // Kept so a reload while offline can go on rating what was prefetched (the files are in the caches). Written as the
  // queue changes, not later in an idle period: a reload right after a vote must not bring back the item just voted on.
  useEffect(() => {
    try {
      localStorage.setItem(storageKey(userId), JSON.stringify(items))
    } catch {
      // Storage full or blocked: only the offline reload loses its queue.
    }
  }, [items, userId])
  // The queue it starts with was picked without the votes still waiting in the outbox.
  useEffect(() => {
    void waitingVoteIds().then((waiting) => waiting.length > 0 && setItems((list) => list.filter((i) => !waiting.includes(i.id))))
  }, [])
  const voted = useRef(new Set<number>())
  const skipped = useRef(new Set<number>())
  const failed = useRef(new Set<number>())
  // The load errors in a row where only items whose file failed were left, since the last vote: their backoff.
  const failedRounds = useRef(0)
  const fetching = useRef(false)
  // The failed fetches in a row since the last answer, and when to fetch again after the last one (epoch ms).
  const [loadError, setLoadError] = useState<{ failures: number; retryAt: number } | null>(null)

  const refill = useCallback(async () => {
    if (fetching.current) return
    if (!navigator.onLine) return void (itemsRef.current.length === 0 && setStatus('offline'))
    fetching.current = true
    try {
      const seen = new Set([...voted.current, ...skipped.current, ...failed.current, ...(await waitingVoteIds())])
      const answer = takeFirstQueue(userId) ?? getMediaQueue(userId, [...seen, ...itemsRef.current.map((i) => i.id)])
      const fresh = (await answer).filter((i) => !seen.has(i.id))
      setLoadError(null)
      if (fresh.length === 0 && itemsRef.current.length === 0) {
        // The queue cannot tell an empty site from a rated-all one; the random pick can (null vs 404). Any other
        // failure of the pick is a load error, fetched again like a failed queue.
        const pick = await getRandomMedia(userId).catch((e: unknown) => {
          if (e instanceof ApiError && e.status === 404) return undefined
          throw e
        })
        if (pick && failed.current.has(pick.id)) {
          const failures = ++failedRounds.current
          setLoadError({ failures, retryAt: Date.now() + backoffDelayMs(failures) })
          return void setStatus('done')
        }
        if (pick && !seen.has(pick.id)) fresh.push(pick)
        else return void setStatus(pick === null ? 'empty' : 'done')
      }
      // A transition: the screen showing the new head renders in short slices, not one long task.
      startTransition(() => {
        setItems((list) => [...list, ...fresh.filter((f) => !list.some((i) => i.id === f.id))])
        setStatus('ready')
      })
    } catch (e) {
      if (itemsRef.current.length > 0) return
      if (!navigator.onLine) return void setStatus('offline')
      const header = e instanceof ApiError ? e.retryAfter : null
      setLoadError((last) => {
        const failures = (last?.failures ?? 0) + 1
        return { failures, retryAt: Date.now() + (retryAfterMs(header, Date.now()) ?? backoffDelayMs(failures)) }
      })
      setStatus('done')
    } finally {
      fetching.current = false
    }
  }, [userId])

  // Whether the queue may grow past what it holds (see the top): always once it has only the item on screen left.
  const [mayGrow, setMayGrow] = useState(restOfQueueOpen)
  useEffect(() => {
    let current = true
    if (!mayGrow) void afterFirstVoteOrQuiet().then(() => current && setMayGrow(true))
    return () => {
      current = false
    }
  }, [mayGrow])
  useEffect(() => {
    if (
      online &&
      (status === 'loading' || status === 'ready' || status === 'offline') &&
      items.length < REFILL_BELOW &&
      (mayGrow || items.length < 2)
    )
      void refill()
    if (!online && items.length === 0 && status === 'ready') setStatus('offline')
  }, [online, items.length, status, refill, mayGrow])

  // After a load error, fetch again when its delay is up, while the screen still shows the load error; items whose
  // file failed are offered again.
  useEffect(() => {
    if (!loadError || status !== 'done' || !online) return
    const timer = setTimeout(
      () => {
        failed.current.clear()
        void refill()
      },
      Math.max(0, loadError.retryAt - Date.now()),
    )
    return () => clearTimeout(timer)
  }, [loadError, status, online, refill])

  /** Takes id off the queue, remembering how it left (Removal). */
  const remove = useCallback((id: number, how: Removal) => {
    ;({ voted, skipped, failed })[how].current.add(id)
    if (how === 'voted') failedRounds.current = 0
    setItems((list) => list.filter((i) => i.id !== id))
  }, [])

  /** Fetches again after the rated-all state; skipped items and items whose file failed may come back. */
  const refresh = useCallback(() => {
    skipped.current.clear()
    failed.current.clear()
    setStatus('loading')
    void refill()
  }, [refill])

  return { items, status, remove, refresh }
}
