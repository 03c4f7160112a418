/**
 * Browser-test helpers for the PWA: waitForServiceWorker() waits until the service worker is active
 * (its install, and so the precache of the app shell, finished) and controls the page; cacheNames() lists the
 * page's Cache Storage; waitInPage() and the media-cache waits below poll checks that must await in the page.
 */
import type { Page } from 'playwright-core'

/** Waits until a service worker is activated and controls page (clients.claim() after the first install); answers its script URL. */
export async function waitForServiceWorker(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }))
    const worker = registration.active
    while (worker && worker.state !== 'activated')
      await new Promise((resolve) => worker.addEventListener('statechange', resolve, { once: true }))
    return worker?.scriptURL ?? ''
  })
}

/**
 * Waits (up to timeoutMs) until condition(arg), evaluated in page, resolves true; throws after that. For checks that
 * await in the page (Cache Storage, IndexedDB): page.waitForFunction takes the Promise an async function returns as
 * a truthy value and so would not wait at all. A check that throws (the page is navigating) counts as false.
 */
export async function waitInPage<A>(page: Page, condition: (arg: A) => Promise<boolean>, arg: A, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await page.evaluate(condition as (arg: unknown) => Promise<boolean>, arg).catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`waitInPage: still false after ${timeoutMs} ms: ${condition}`)
    await Bun.sleep(100)
  }
}

/** Waits (up to timeoutMs) until the service worker's media cache holds at least n files. */
export const waitForCachedMediaCount = (page: Page, n: number, timeoutMs?: number): Promise<void> =>
  waitInPage(page, async (n) => (await (await caches.open('hotvote-media')).keys()).length >= n, n, timeoutMs)

/** Waits (up to timeoutMs) until the service worker's media cache holds every one of urls (absolute, or relative to the page). */
export const waitForCachedMedia = (page: Page, urls: string[], timeoutMs?: number): Promise<void> =>
  waitInPage(
    page,
    async (urls) => {
      const cache = await caches.open('hotvote-media')
      return (await Promise.all(urls.map((url) => cache.match(url)))).every(Boolean)
    },
    urls,
    timeoutMs,
  )

/** The names of the page's caches and how many entries each holds. */
export function cacheEntries(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const result: Record<string, number> = {}
    for (const name of await caches.keys()) result[name] = (await (await caches.open(name)).keys()).length
    return result
  })
}

/** Waits (up to timeoutMs) until the persisted query cache in IndexedDB (client/src/lib/query-persistence.ts) holds a query whose key starts with root. */
export async function waitForPersistedQuery(page: Page, root: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await persistedQueryRoots(page)).includes(root)) {
    if (Date.now() > deadline) throw new Error(`waitForPersistedQuery: no persisted ${root} query after ${timeoutMs} ms`)
    await Bun.sleep(100)
  }
}

/** The first key elements of the queries in the persisted query cache (empty when there is none yet). */
export function persistedQueryRoots(page: Page): Promise<unknown[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('hotvote-query-cache')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    if (!db.objectStoreNames.contains('clients')) return (db.close(), [])
    const entry = await new Promise<{ clientState: { queries: { queryKey: unknown[] }[] } } | undefined>((resolve) => {
      const get = db.transaction('clients').objectStore('clients').get('query-client')
      get.onsuccess = () => resolve(get.result)
      get.onerror = () => resolve(undefined)
    })
    db.close()
    return entry?.clientState.queries.map((query) => query.queryKey[0]) ?? []
  })
}
