/** The URL a stored object is served at (server-contract: url of a media item). */
import type { MediaDisplay } from '../contract/media'
import { paths } from '../contract/paths'
import type { StoredVariant } from '../db/schema'
import { posterKey, variantKey } from '../media-pipeline/media-keys'

/** The path every stored file is served under (server-contract: GET /api/media/file/<key>). */
export const MEDIA_FILE_PREFIX = paths.mediaFile('')

/** The public URL of a storage key, e.g. /api/media/file/media/2026/11/<uuid>.jpg. */
export const mediaUrl = (storageKey: string) => `${MEDIA_FILE_PREFIX}${storageKey}`

/**
 * The stems an object key may be derived from (issue #10: a takedown hides an item's derived objects too). By
 * convention an item stored as `<stem>.<ext>` owns every object whose key starts with `<stem>.` or `<stem>/`
 * (e.g. `media/2026/11/<uuid>.w640.webp`, `media/2026/11/<uuid>/poster.webp`); the candidates are the key's
 * prefixes that end before a `.` or `/`, longest first.
 */
export function derivedKeyStems(key: string): string[] {
  const stems: string[] = []
  for (let i = key.length - 1; i > 0; i--) if (key[i] === '.' || key[i] === '/') stems.push(key.slice(0, i))
  return stems
}

/** The placeholder, variant URLs and poster URL of a media row (issue #11; MediaDisplaySchema). */
export function mediaDisplay(row: { storageKey: string; mimeType: string; placeholder: string | null; variants: StoredVariant[] | null; processedAt: string | null }): MediaDisplay {
  return {
    placeholder: row.placeholder,
    variants: (row.variants ?? []).map((v) => ({ url: mediaUrl(variantKey(row.storageKey, v.width)), ...v })),
    posterUrl: row.processedAt && row.mimeType.startsWith('video/') ? mediaUrl(posterKey(row.storageKey)) : null,
  }
}
