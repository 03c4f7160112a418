/**
 * Which URLs the service worker (client/src/sw.ts) handles and how: pure functions of the URL (same-origin
 * paths, and the public media base when media come from the edge), so the rules are unit-tested without a worker.
 */
import { isAdminApiPath, paths, routeRegExp, routes } from '@contract/paths'

/** Cache of media files: CacheFirst, at most MEDIA_CACHE_MAX_ENTRIES files for MEDIA_CACHE_MAX_AGE_S seconds. */
export const MEDIA_CACHE = 'hotvote-media'
/** Cache of the public configuration answers (StaleWhileRevalidate). */
export const CONFIG_CACHE = 'hotvote-config'
/**
 * Bound of the media cache in entries: the 50 MB prefetch budget holds about 200 photos of 250 KB, so 200 entries
 * keep the whole budget (and its videos, fewer and larger) without growing past it by count.
 */
export const MEDIA_CACHE_MAX_ENTRIES = 200
/** Bound of the media cache in age, seconds (7 days: Safari's eviction window for sites not installed). */
export const MEDIA_CACHE_MAX_AGE_S = 7 * 24 * 60 * 60

/** /adm (the back office) and every API path: never answered with the app shell by the navigation route. */
export const NAVIGATION_DENYLIST = [/^\/adm(\/|$)/, /^\/api(\/|$)/]

/** True for GET /api/media/file/<key>: stored media bytes (server-contract: url of a media item). */
export const isMediaFilePath = (pathname: string) => pathname.startsWith(paths.mediaFile(''))

/** URL of the built service worker (client/dist/sw.js, served no-cache by server/http/static-client.ts). */
export const SW_URL = '/sw.js'

/**
 * The script URL the worker is registered with: SW_URL, carrying the public media base (site settings' mediaBaseUrl,
 * MEDIA_PUBLIC_URL) as its `media` parameter when media come from the edge, so the worker knows it from its first
 * event on (self.location), offline too.
 */
export const swScriptUrl = (mediaBase: string | null) => (mediaBase ? `${SW_URL}?media=${encodeURIComponent(mediaBase)}` : SW_URL)

/** The media base a worker's script URL carries (swScriptUrl), or null when none or not an http(s) URL. */
export function mediaBaseOf(scriptUrl: string): string | null {
  const base = new URL(scriptUrl).searchParams.get('media')
  return base && /^https?:\/\/[^/]/.test(base) ? base : null
}

/** True for a media file's URL: the app's /api/media/file/<key>, or any URL under the public media base (mediaBase, null when none). */
export const isMediaFileUrl = (url: URL, appOrigin: string, mediaBase: string | null) =>
  (url.origin === appOrigin && isMediaFilePath(url.pathname)) || (mediaBase !== null && url.href.startsWith(mediaBase))

/** True for the public configuration calls answered StaleWhileRevalidate (server-contract: public configuration). */
export const isPublicConfigPath = (pathname: string) =>
  [paths.siteSettings(), paths.voteMultiplierConfig(), paths.emailCaptureConfig(), paths.idleRedirectConfig()].includes(pathname) ||
  routeRegExp(routes.adConfig).test(pathname)

/** True for paths that must never come from a cache: the back office pages and the admin and db-test APIs. */
export const isNeverCachedPath = (pathname: string) => /^\/adm(\/|$)/.test(pathname) || isAdminApiPath(pathname)
