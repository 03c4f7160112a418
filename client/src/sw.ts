/**
 * The service worker, built by vite-plugin-pwa (injectManifest) into client/dist/sw.js:
 * - the app shell (index.html, JS, CSS, icons, manifest; not the adm-* chunks) is precached, and every navigation
 *   outside /adm and /api is answered with the precached index.html, so the app starts offline on any route;
 * - /adm pages and /api/admin/*, /api/db-test/* always go to the network and are never cached;
 * - media files (GET /api/media/file/*, and with media from the edge every URL under the public media base its script
 *   URL carries, sw-paths.ts swScriptUrl) are cached at runtime, cache first, bounded by count and age, and Range
 *   requests (video) are answered 206 from the cached whole file, every range of a video from one source (handleMedia);
 *   a file on the media origin is fetched into the cache with CORS, past the HTTP cache (the bucket's CORS rule lets
 *   the app's origin read it; fillRequest), as the page's no-cors fetches and elements would get opaque answers that
 *   cannot be cached or cut into ranges;
 *   a hidden item's file that only the admin may see (Cache-Control: no-store) is never cached;
 * - the public configs are stale-while-revalidate;
 * - a new version waits until the visitor accepts the update prompt (SKIP_WAITING message), then claims the pages;
 * - a Background Sync under OUTBOX_SYNC_TAG replays the IndexedDB outbox (lib/offline/outbox.ts) with no tab open;
 *   outbox-kinds.ts registers every kind it may hold.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { RangeRequestsPlugin } from 'workbox-range-requests'
import type { RouteHandlerCallbackOptions } from 'workbox-core/types'
import { OUTBOX_SYNC_TAG, syncOutbox } from './lib/offline/outbox'
import './outbox-kinds'
import {
  CONFIG_CACHE,
  MEDIA_CACHE,
  MEDIA_CACHE_MAX_AGE_S,
  MEDIA_CACHE_MAX_ENTRIES,
  NAVIGATION_DENYLIST,
  isMediaFileUrl,
  isNeverCachedPath,
  isPublicConfigPath,
  mediaBaseOf,
} from './lib/sw-paths'

declare let self: ServiceWorkerGlobalScope

const sameOrigin = (url: URL) => url.origin === self.location.origin
/** The public media base this worker was registered with (null: media come from the app only). */
const mediaBase = mediaBaseOf(self.location.href)

// Update flow: the update prompt calls workbox-window's messageSkipWaiting(); never skip waiting on our own.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

// The first version takes control of the pages already open when it activates. Those pages loaded without a worker,
// so a video on them may have begun on the network; handleMedia keeps answering their ranges from the network.
// Kept in memory: a worker stopped while idle and started again treats every page as its own.
let firstVersion = false
const adoptedWindows = new Set<string>()
self.addEventListener('install', () => void (firstVersion = !self.registration.active))
self.addEventListener('activate', (event) => {
  const adopt = async () => {
    if (firstVersion)
      for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) adoptedWindows.add(client.id)
    await self.clients.claim()
  }
  event.waitUntil(adopt())
})

// The back office and its APIs: network only, registered first so no later route can cache them.
registerRoute(({ url }) => sameOrigin(url) && isNeverCachedPath(url.pathname), new NetworkOnly())
registerRoute(({ url }) => sameOrigin(url) && isNeverCachedPath(url.pathname), new NetworkOnly(), 'POST')

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }))

const mediaStrategy = new CacheFirst({
  cacheName: MEDIA_CACHE,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    { cacheWillUpdate: async ({ response }) => (/\bno-store\b/.test(response.headers.get('cache-control') ?? '') ? null : response) },
    new ExpirationPlugin({ maxEntries: MEDIA_CACHE_MAX_ENTRIES, maxAgeSeconds: MEDIA_CACHE_MAX_AGE_S, purgeOnQuotaError: true }),
    new RangeRequestsPlugin(),
  ],
  // A bucket's CORS answers vary on Origin: an element's request (no Origin) still matches the file fetched with CORS.
  matchOptions: { ignoreVary: true },
})

/**
 * The request the media cache is filled with for request: a same-origin request as it is; a file on another origin
 * is asked for with CORS, no credentials, and past the browser's HTTP cache. An element's or the prefetch's no-cors
 * request would answer opaquely, which is never cached; and an answer such a request left in the HTTP cache carries
 * no CORS headers (a bucket adds them, and Vary: Origin, only for a request that sends Origin), so, kept there as
 * immutable, it would be handed to the CORS request, which would then fail.
 */
const fillRequest = (request: Request) =>
  sameOrigin(new URL(request.url))
    ? request
    : new Request(request.url, { mode: 'cors', credentials: 'omit', cache: 'no-store', headers: request.headers })
/** The media cache's fills in flight, by URL: each settles once its whole file is in the cache (or it failed). */
const fills = new Map<string, Promise<unknown>>()

/** Records done as the fill of url until it settles; answers the settled promise, which never rejects. */
function trackFill(url: string, done: Promise<unknown>): Promise<unknown> {
  const settled = done.catch(() => undefined)
  fills.set(url, settled)
  void settled.then(() => fills.get(url) === settled && fills.delete(url))
  return settled
}

/** Pages' videos that began on the network, as `<clientId> <url>`: all their later ranges go to the network too. */
const networkRanges = new Set<string>()
/** Most entries of networkRanges; beyond it, the entries of closed pages are dropped. */
const MAX_NETWORK_RANGES = 500

/** Adds key to networkRanges, first dropping the entries of pages that are gone when the set is full. */
async function rememberNetworkRange(key: string): Promise<void> {
  networkRanges.add(key)
  if (networkRanges.size <= MAX_NETWORK_RANGES) return
  const open = new Set((await self.clients.matchAll({ type: 'window', includeUncontrolled: true })).map((c) => c.id))
  for (const k of networkRanges) if (!open.has(k.slice(0, k.indexOf(' ')))) networkRanges.delete(k)
}

/**
 * Media files, cache first, one fetch per URL at a time; a request that comes while its URL is being fetched into the
 * cache waits for that fill and is answered from the cache. A Range request (a <video> asks for bytes=0-, then other
 * ranges) is cut from the cached file by RangeRequestsPlugin when the file is cached, so a prefetched video plays
 * offline. All the ranges of one video must come from one source: chromium ends a video whose ranges came partly
 * from the network and partly from answers the worker made (PIPELINE_ERROR_READ: data source error), and the rate
 * screen then skips it. So a range for a file not cached yet goes to the network, and so do the page's later ranges
 * of that file, while the whole file is fetched into the cache beside it for the next page (the video starts without
 * waiting for its whole file); pages the worker adopted (whose videos may have begun before it) get their ranges
 * from the network too. Offline, the network's place is taken by the cache.
 */
async function handleMedia(options: RouteHandlerCallbackOptions): Promise<Response> {
  const request = options.request as Request
  if (!request.headers.has('range')) return answerFromCache(options)
  const clientId = (options.event as FetchEvent).clientId
  const key = `${clientId} ${request.url}`
  const onNetwork =
    adoptedWindows.has(clientId) ||
    networkRanges.has(key) ||
    !(fills.has(request.url) || (await caches.match(request.url, { cacheName: MEDIA_CACHE })))
  if (!onNetwork) return answerFromCache(options)
  if (!networkRanges.has(key) && !adoptedWindows.has(clientId)) {
    await rememberNetworkRange(key)
    const [whole, done] = mediaStrategy.handleAll({
      event: options.event,
      request: fillRequest(new Request(request.url)),
    })
    void whole.catch(() => undefined)
    trackFill(request.url, done)
  }
  return fetch(request).catch(() => answerFromCache(options))
}

/** The cache-first answer of handleMedia, after any fill of the same URL in flight (see there). */
async function answerFromCache(options: RouteHandlerCallbackOptions): Promise<Response> {
  const request = options.request as Request
  const fill = fills.get(request.url)
  if (fill) {
    await fill
    return mediaStrategy.handle(options)
  }
  const [response, done] = mediaStrategy.handleAll({ event: options.event, request: fillRequest(request) })
  trackFill(request.url, done)
  return response
}
registerRoute(({ url }) => isMediaFileUrl(url, self.location.origin, mediaBase), handleMedia)

registerRoute(
  ({ url }) => sameOrigin(url) && isPublicConfigPath(url.pathname),
  new StaleWhileRevalidate({ cacheName: CONFIG_CACHE, plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
)

// Background Sync: replays the IndexedDB outbox even after every tab is closed, where the browser has it.
type SyncEvent = ExtendableEvent & { tag: string }
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(syncOutbox())
})
