/**
 * Which same-origin paths the service worker (client/src/sw.ts) handles and how: pure functions of the
 * URL pathname, so the rules are unit-tested without a worker.
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

/** True for the public configuration calls answered StaleWhileRevalidate (server-contract: public configuration). */
export const isPublicConfigPath = (pathname: string) =>
  [paths.siteSettings(), paths.voteMultiplierConfig(), paths.emailCaptureConfig(), paths.idleRedirectConfig()].includes(pathname) ||
  routeRegExp(routes.adConfig).test(pathname)

/** True for paths that must never come from a cache: the back office pages and the admin and db-test APIs. */
export const isNeverCachedPath = (pathname: string) => /^\/adm(\/|$)/.test(pathname) || isAdminApiPath(pathname)
