/** The URL a stored object is served at (server-contract: url of a media item). */
import type { MediaDisplay } from '../contract/media'
import { paths } from '../contract/paths'
import type { StoredVariant } from '../db/schema'
import { posterKey, variantKey } from './media-keys'

/** The path every stored file is served under (server-contract: GET /api/media/file/<key>). */
export const MEDIA_FILE_PREFIX = paths.mediaFile('')

/** The public URL of a storage key, e.g. /api/media/file/media/2026/11/<uuid>.jpg. */
export const mediaUrl = (storageKey: string) => `${MEDIA_FILE_PREFIX}${storageKey}`

/**
 * The placeholder, variant URLs and poster URL of a media row (MediaDisplaySchema): a processed video has a poster, and
 * so has an image whose frames the pipeline counted as more than one (an animation).
 */
export function mediaDisplay(row: {
  storageKey: string
  mimeType: string
  placeholder: string | null
  variants: StoredVariant[] | null
  frames: number | null
  processedAt: string | null
}): MediaDisplay {
  const hasPoster = row.processedAt !== null && (row.mimeType.startsWith('video/') || (row.frames ?? 1) > 1)
  return {
    placeholder: row.placeholder,
    variants: (row.variants ?? []).map((v) => ({ url: mediaUrl(variantKey(row.storageKey, v.width)), ...v })),
    posterUrl: hasPoster ? mediaUrl(posterKey(row.storageKey)) : null,
  }
}
