/**
 * The URLs of stored objects (server-contract: url of a media item): the one place they are built from storage keys.
 * By default every object is served by the app under /api/media/file/<key>. With media from the edge
 * (config.mediaEdge, MEDIA_PUBLIC_URL) an item's objects are under that public base instead, each URL carrying
 * `?v=<processedAt>` so that a reprocessed item, whose objects keep their keys, gets new URLs past every cache that
 * keeps the old bytes as immutable; a hidden item's objects are not reachable there (server/media/media-edge.ts), so
 * its URLs stay on the app, which serves them to the admin only.
 */
import type { Config } from '../config'
import type { MediaDisplay } from '../contract/media'
import { paths } from '../contract/paths'
import type { StoredVariant } from '../db/schema'
import { posterKey, smallVideoKey, variantKey } from './media-keys'

/** The path every stored file is served under by the app (server-contract: GET /api/media/file/<key>). */
export const MEDIA_FILE_PREFIX = paths.mediaFile('')

/** The fields of a media row its URLs are made of; hiddenAt absent for rows that are never hidden (the rate queue's). */
export type MediaUrlRow = {
  storageKey: string
  mimeType: string
  placeholder: string | null
  variants: StoredVariant[] | null
  frames: number | null
  processedAt: string | null
  hiddenAt?: string | null
}

/** Each key's path segments URL-encoded, the slashes kept: media/2026/11/<uuid>.jpg stays as it is. */
const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/')

/**
 * The url, placeholder, variant URLs, poster URL and small rendition of a media row (MediaDisplaySchema and its url):
 * a processed video has a poster, and so has an image whose frames the pipeline counted as more than one (an
 * animation); a video's row variants describe its small rendition (`<stem>/small.mp4`), an image's its WebP variants.
 */
export function mediaLinks(config: Pick<Config, 'mediaEdge'>, row: MediaUrlRow): MediaDisplay & { url: string } {
  const publicBase = row.hiddenAt ? undefined : config.mediaEdge?.publicBase
  const version = publicBase && row.processedAt ? `?v=${Date.parse(row.processedAt).toString(36)}` : ''
  const urlOf = (key: string) => (publicBase ? `${publicBase}${encodeKey(key)}${version}` : `${MEDIA_FILE_PREFIX}${key}`)
  const isVideo = row.mimeType.startsWith('video/')
  const hasPoster = row.processedAt !== null && (isVideo || (row.frames ?? 1) > 1)
  const small = isVideo ? row.variants?.[0] : undefined
  return {
    url: urlOf(row.storageKey),
    placeholder: row.placeholder,
    variants: isVideo ? [] : (row.variants ?? []).map((v) => ({ url: urlOf(variantKey(row.storageKey, v.width)), ...v })),
    posterUrl: hasPoster ? urlOf(posterKey(row.storageKey)) : null,
    smallVideo: small ? { url: urlOf(smallVideoKey(row.storageKey)), ...small } : null,
  }
}

/** Every URL of links (mediaLinks): the item's file, its variants, its poster and its small rendition. */
const linkUrls = (links: MediaDisplay & { url: string }): string[] => [
  links.url,
  ...links.variants.map((v) => v.url),
  ...(links.posterUrl ? [links.posterUrl] : []),
  ...(links.smallVideo ? [links.smallVideo.url] : []),
]

/** Every URL mediaLinks gives a visible row under the public base: what a CDN may hold of it (empty without one). */
export function publishedUrls(config: Pick<Config, 'mediaEdge'>, row: MediaUrlRow): string[] {
  if (!config.mediaEdge) return []
  return linkUrls(mediaLinks(config, { ...row, hiddenAt: null }))
}

/** The origin media are fetched from besides the app's (the public base's), for the CSP and the service worker; undefined without one. */
export const mediaOrigin = (config: Pick<Config, 'mediaEdge'>) =>
  config.mediaEdge ? new URL(config.mediaEdge.publicBase).origin : undefined
