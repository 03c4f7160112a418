/**
 * Browser-test helpers for the PWA: waitForServiceWorker() waits until the service worker is active
 * (its install, and so the precache of the app shell, finished) and controls the page; cacheNames() lists the
 * page's Cache Storage; waitForMediaCache() waits until the service worker's media cache holds what a test needs.
 */
import type { Page } from 'playwright-core'
import { MEDIA_CACHE } from '@client/lib/sw-paths'

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

/**
 * Waits (up to timeoutMs) until done(urls) holds for the URLs in the service worker's media cache (MEDIA_CACHE), read
 * every 100 ms; answers them. (page.waitForFunction takes an async predicate's promise for a truthy answer.)
 */
export async function waitForMediaCache(page: Page, done: (urls: string[]) => boolean, timeoutMs = 30_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const urls = await page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url), MEDIA_CACHE)
    if (done(urls)) return urls
    if (Date.now() > deadline) throw new Error(`waitForMediaCache: not there after ${timeoutMs} ms; the cache holds ${urls.join(' ')}`)
    await Bun.sleep(100)
  }
}
