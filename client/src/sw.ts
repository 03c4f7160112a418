/**
 * The service worker (issue #5), built by vite-plugin-pwa (injectManifest) into client/dist/sw.js:
 * - the app shell (index.html, JS, CSS, icons, manifest; not the adm-* chunks) is precached, and every navigation
 *   outside /adm and /api is answered with the precached index.html, so the app starts offline on any route;
 * - /adm pages and /api/admin/*, /api/db-test/* always go to the network and are never cached;
 * - media files (GET /api/media/file/*) are cached at runtime, cache first, bounded by count and age, and Range
 *   requests (video) are answered 206 from the cached whole file;
 * - the public configs are stale-while-revalidate;
 * - a new version waits until the visitor accepts the update prompt (SKIP_WAITING message), then claims the pages;
 * - a Background Sync under OUTBOX_SYNC_TAG replays the IndexedDB outbox (lib/offline/outbox.ts) with no tab open.
 */
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { RangeRequestsPlugin } from 'workbox-range-requests'
import type { RouteHandlerCallbackOptions } from 'workbox-core/types'
import { OUTBOX_SYNC_TAG, syncOutbox } from './lib/offline/outbox'
import {
  CONFIG_CACHE,
  MEDIA_CACHE,
  MEDIA_CACHE_MAX_AGE_S,
  MEDIA_CACHE_MAX_ENTRIES,
  NAVIGATION_DENYLIST,
  isMediaFilePath,
  isNeverCachedPath,
  isPublicConfigPath,
} from './lib/sw-paths'

declare let self: ServiceWorkerGlobalScope

const sameOrigin = (url: URL) => url.origin === self.location.origin

// Update flow: the update prompt calls workbox-window's messageSkipWaiting(); never skip waiting on our own.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})
clientsClaim()

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
    new ExpirationPlugin({ maxEntries: MEDIA_CACHE_MAX_ENTRIES, maxAgeSeconds: MEDIA_CACHE_MAX_AGE_S, purgeOnQuotaError: true }),
    new RangeRequestsPlugin(),
  ],
})
const wholeFileFetches = new Map<string, Promise<unknown>>()

/**
 * Media files, cache first. A Range request (a <video> asks for bytes=0-) that misses the cache first fetches the
 * whole file into the cache (one fetch per URL at a time), because a 206 from the network cannot be cached; the
 * range is then cut from the cached file by RangeRequestsPlugin, so the video also plays offline later.
 */
async function handleMedia(options: RouteHandlerCallbackOptions): Promise<Response> {
  const request = options.request as Request
  if (request.headers.has('range') && !(await caches.open(MEDIA_CACHE).then((cache) => cache.match(request.url)))) {
    let whole = wholeFileFetches.get(request.url)
    if (!whole) {
      whole = mediaStrategy.handle({ event: options.event, request: new Request(request.url, { credentials: 'same-origin' }) }).catch(() => undefined)
      wholeFileFetches.set(request.url, whole)
      void whole.finally(() => wholeFileFetches.delete(request.url))
    }
    await whole
  }
  return mediaStrategy.handle(options)
}
registerRoute(({ url }) => sameOrigin(url) && isMediaFilePath(url.pathname), handleMedia)

registerRoute(
  ({ url }) => sameOrigin(url) && isPublicConfigPath(url.pathname),
  new StaleWhileRevalidate({ cacheName: CONFIG_CACHE, plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
)

// Background Sync (issue #5): replays the IndexedDB outbox even after every tab is closed, where the browser has it.
type SyncEvent = ExtendableEvent & { tag: string }
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(syncOutbox())
})
