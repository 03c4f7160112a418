/**
 * Warming the queue's files (public-visitor §4: the next item is prefetched, an image preloaded; the
 * upcoming items are cached so they can be rated offline). For each item the file the rate screen will show is
 * fetched in full into the HTTP cache (and the service worker's media cache when one runs): the image variant its
 * box needs at the screen's pixel ratio, a video's file it plays there (its small rendition in a small box) with its
 * poster. The work follows what is on screen, in two steps
 * (first-media.ts): once the first item has settled and the browser is idle, only the next NEXT_ITEMS items, inside
 * FIRST_SCREEN_BUDGET_BYTES counted from the head (the item on screen included); once the visitor has voted, or has
 * looked at the first item for a while, the rest of the queue inside PREFETCH_BUDGET_BYTES, so it can be rated
 * offline. Under Data Saver only the item after the current one is warmed, in its smallest variant. Files go at low
 * fetch priority, WARM_CONCURRENCY at a time, each started in an idle period and read to the end as a Blob (the
 * browser stores the bytes, no script runs per chunk; under a service worker the worker writes its cache). Only the
 * next item is preloaded as an image and has its placeholder decoded: later items, animated GIFs and videos
 * included, cost a fetch and nothing on the main thread until they are next.
 */
import { useEffect, useRef } from 'react'
import type { RateMedia } from '@contract/media'
import { fileFor, placeholderPixels, saveDataOn } from '@client/lib/media-variants'
import { whenIdle } from '@client/lib/when-idle'
import { afterFirstMedia, afterFirstVoteOrQuiet, restOfQueueOpen } from '../first-media'
import { mediaBoxWidth, mediaHeightFor } from './use-media-height'

/** Bytes the warmed files of the queue may add up to (50 MB). */
export const PREFETCH_BUDGET_BYTES = 50 * 1024 * 1024
/** Bytes the item on screen and the next items' files may add up to before the visitor's first vote (1 MB). */
export const FIRST_SCREEN_BUDGET_BYTES = 1024 * 1024
/** Items after the one on screen warmed before the first vote. */
export const NEXT_ITEMS = 2
/** Files fetched at the same time while warming. */
export const WARM_CONCURRENCY = 2
/** Longest wait for an idle period before the next file starts, ms. */
const WARM_IDLE_TIMEOUT_MS = 2000

/** Resolves in the browser's next idle period (at most WARM_IDLE_TIMEOUT_MS later). */
const nextIdle = () => new Promise<void>((resolve) => whenIdle(resolve, WARM_IDLE_TIMEOUT_MS))

/** A file to warm: its URL, size in bytes, and whether it is an image to preload. */
export type WarmFile = { url: string; size: number; image: boolean }

/**
 * The files the rate screen shows for item in a window of innerWidth x innerHeight px at dpr (fileFor its box): the
 * chosen variant, or the video file it plays (its small rendition or its own file) and its poster.
 */
export function filesToShow(item: RateMedia, innerWidth: number, innerHeight: number, dpr: number, saveData: boolean): WarmFile[] {
  const file = fileFor(item, mediaBoxWidth(item, innerWidth, mediaHeightFor(innerWidth, innerHeight)), dpr, saveData)
  if (item.mimeType.startsWith('video/'))
    return [{ ...file, image: false }, ...(item.posterUrl ? [{ url: item.posterUrl, size: 0, image: true }] : [])]
  return [{ ...file, image: true }]
}

/**
 * The files of queue's items (head first; the head is on screen and loads by itself) that should be warmed: those of
 * the items after the head in the longest prefix whose files fit budgetBytes (the head counts), or only the next
 * item's under Data Saver. filesOf answers the files of one item (filesToShow for the current window).
 */
export function filesToWarm(
  queue: RateMedia[],
  budgetBytes: number,
  saveData: boolean,
  filesOf: (item: RateMedia) => WarmFile[],
): WarmFile[] {
  if (saveData) return queue.slice(1, 2).flatMap(filesOf)
  const bytes = (files: WarmFile[]) => files.reduce((n, f) => n + f.size, 0)
  let total = queue[0] ? bytes(filesOf(queue[0])) : 0
  const chosen: WarmFile[] = []
  for (const item of queue.slice(1)) {
    const files = filesOf(item)
    total += bytes(files)
    if (total > budgetBytes) break
    chosen.push(...files)
  }
  return chosen
}

/** Fetches a file to the end at low priority, throwing the bytes away (they stay in the caches), then preloads it as an image when it is one. */
async function warm(file: WarmFile): Promise<void> {
  // A file on another origin (a public S3 URL) is fetched opaquely: its bytes still land in the caches.
  const sameOrigin = new URL(file.url, location.href).origin === location.origin
  const res = await fetch(file.url, { priority: 'low', ...(sameOrigin ? {} : { mode: 'no-cors' }) })
  if (!res.ok && res.type !== 'opaque') throw new Error(`${res.status}`)
  await res.blob()
  if (!file.image) return
  const image = new Image()
  image.fetchPriority = 'low'
  image.src = file.url
}

/**
 * The files to warm for queue (head on screen) at a step: before the first vote (rest false) those of the next
 * NEXT_ITEMS items inside FIRST_SCREEN_BUDGET_BYTES, after it those of the whole queue inside budgetBytes
 * (filesToWarm). Only the next item's files are preloaded as images. filesOf answers the files of one item.
 */
export function filesForStep(
  queue: RateMedia[],
  rest: boolean,
  budgetBytes: number,
  saveData: boolean,
  filesOf: (item: RateMedia) => WarmFile[],
): WarmFile[] {
  const next = queue[1]
  const shown = (item: RateMedia) => (item === next ? filesOf(item) : filesOf(item).map((f) => ({ ...f, image: false })))
  return rest
    ? filesToWarm(queue, budgetBytes, saveData, shown)
    : filesToWarm(queue.slice(0, 1 + NEXT_ITEMS), Math.min(budgetBytes, FIRST_SCREEN_BUDGET_BYTES), saveData, shown)
}

/**
 * Keeps the files of queue's upcoming items warm (filesForStep): the next items once the first item on screen has
 * settled and the browser is idle (afterFirstMedia), the rest once the visitor has voted or after a while
 * (afterFirstVoteOrQuiet). WARM_CONCURRENCY files at a time for the screen whatever the queue's changes, each started
 * in an idle period, each url once per screen; a changed queue replaces the files still waiting. The next item's
 * placeholder is decoded in the first idle period.
 */
export function usePrefetchMedia(queue: RateMedia[], budgetBytes: number = PREFETCH_BUDGET_BYTES): void {
  const warmed = useRef(new Set<string>())
  const waiting = useRef<WarmFile[]>([])
  const running = useRef(0)
  useEffect(() => {
    let current = true
    const warmWaiting = async () => {
      for (;;) {
        await nextIdle()
        const file = waiting.current.shift()
        if (!file) return
        if (warmed.current.has(file.url)) continue
        warmed.current.add(file.url)
        // A failure is retried the next time the queue changes; the rate screen skips a file that cannot load.
        await warm(file).catch(() => warmed.current.delete(file.url))
      }
    }
    const step = (rest: boolean) => {
      // A queue replaced meanwhile is not warmed (the newer one is), nor the next items once the rest's step runs.
      if (!current || !navigator.onLine || (!rest && restOfQueueOpen())) return
      if (queue[1]) placeholderPixels(queue[1].placeholder)
      const saveData = saveDataOn()
      const filesOf = (item: RateMedia) => filesToShow(item, window.innerWidth, window.innerHeight, window.devicePixelRatio || 1, saveData)
      waiting.current = filesForStep(queue, rest, budgetBytes, saveData, filesOf).filter((f) => !warmed.current.has(f.url))
      for (; running.current < WARM_CONCURRENCY; running.current++) void warmWaiting().finally(() => running.current--)
    }
    void afterFirstMedia().then(() => step(false))
    void afterFirstVoteOrQuiet().then(() => step(true))
    return () => {
      current = false
    }
  }, [queue, budgetBytes])
  // Leaving the screen drops the files still waiting (those being fetched finish).
  useEffect(() => () => void (waiting.current = []), [])
}
