/**
 * Warming the queue's files (public-visitor §4: the next item is prefetched, an image preloaded; issue 5: the
 * upcoming items are cached so they can be rated offline). Each file is fetched in full into the HTTP cache (and
 * the service worker's media cache when one runs), and images are also preloaded. Stays inside a byte budget counted
 * from the head of the queue (videos by their size) and, under Data Saver, warms only the item after the current one.
 */
import { useEffect, useRef } from 'react'
import type { RateMedia } from '@contract/media'

/** Bytes the warmed files of the queue may add up to (50 MB). */
export const PREFETCH_BUDGET_BYTES = 50 * 1024 * 1024

/** True when the browser asks to save data (navigator.connection.saveData). */
export const saveDataOn = () => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true

/**
 * The items of queue (head first; the head is on screen and loads by itself) whose files should be warmed: those after
 * the head in the longest prefix whose sizes fit budgetBytes (the head counts), or only the next one under Data Saver.
 */
export function itemsToWarm(queue: RateMedia[], budgetBytes: number, saveData: boolean): RateMedia[] {
  if (saveData) return queue.slice(1, 2)
  let total = queue[0]?.size ?? 0
  const chosen: RateMedia[] = []
  for (const item of queue.slice(1)) {
    total += item.size
    if (total > budgetBytes) break
    chosen.push(item)
  }
  return chosen
}

/** Fetches the item's file to the end, throwing the bytes away (they stay in the caches), then preloads it as an image when it is one. */
async function warm(item: RateMedia): Promise<void> {
  // A file on another origin (a public S3 URL) is fetched opaquely: its bytes still land in the caches.
  const sameOrigin = new URL(item.url, location.href).origin === location.origin
  const res = await fetch(item.url, sameOrigin ? {} : { mode: 'no-cors' })
  if (!res.ok && res.type !== 'opaque') throw new Error(`${res.status}`)
  await res.body?.pipeTo(new WritableStream())
  if (item.mimeType.startsWith('image/')) new Image().src = item.url
}

/** Keeps the files of queue's first items warm (see itemsToWarm); each url is fetched once per screen. */
export function usePrefetchMedia(queue: RateMedia[], budgetBytes: number = PREFETCH_BUDGET_BYTES): void {
  const warmed = useRef(new Set<string>())
  useEffect(() => {
    if (!navigator.onLine) return
    for (const item of itemsToWarm(queue, budgetBytes, saveDataOn())) {
      if (warmed.current.has(item.url)) continue
      warmed.current.add(item.url)
      // A failure is retried the next time the queue changes; the rate screen skips a file that cannot load.
      warm(item).catch(() => warmed.current.delete(item.url))
    }
  }, [queue, budgetBytes])
}
