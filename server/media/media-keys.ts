/**
 * Which bucket objects belong to a media item: the one rule that deletion, the bucket list, the
 * duplicate finder, the bucket import, the reprocess and the takedown check (findMediaOwningKey) all follow. An item
 * stored as `<stem>.<ext>` keeps its WebP display variants at `<stem>/w<width>.webp`, a video's or an animation's poster
 * at `<stem>/poster.webp` and a video's small rendition at `<stem>/small.mp4`, beside it in the same bucket (fs and S3
 * alike); no other object is the item's. Objects under
 * RESUMABLE_KEY_PREFIX are nobody's item: they are the staging of unfinished resumable uploads (docs/uploads.md).
 */
import type { StoredVariant } from '../db/schema'

/**
 * Display variant widths in px the pipeline makes when the source is at least that wide. 480 serves the narrow boxes
 * of portrait items on 360-414 px phones, which 640 overshot by far (docs/accessibility.md > Lighthouse).
 */
export const VARIANT_WIDTHS = [320, 480, 640, 1080, 1600] as const

/** The prefix of every store id (and S3 key) of a resumable upload: its bytes, `.info` and `.part` objects on S3. */
export const RESUMABLE_KEY_PREFIX = 'resumable-uploads/'

/** Whether key is a resumable upload's staging object (not media: the bucket's admin calls neither list nor delete it). */
export const isResumableUploadKey = (key: string) => key.startsWith(RESUMABLE_KEY_PREFIX)

/** The file name of a derived object (a variant `w<width>.webp`, the poster or a video's small rendition), under its item's stem folder. */
export const DERIVED_OBJECT_NAME = /^((w\d+|poster)\.webp|small\.mp4)$/

/** The item key without its extension: media/2026/11/<uuid>.jpg -> media/2026/11/<uuid>. */
export const itemStem = (itemKey: string) => itemKey.replace(/\.[^./]+$/, '')

/** The key of the variant of itemKey that is width px wide. */
export const variantKey = (itemKey: string, width: number) => `${itemStem(itemKey)}/w${width}.webp`

/** The key of a video item's poster frame. */
export const posterKey = (itemKey: string) => `${itemStem(itemKey)}/poster.webp`

/** The key of a video item's small rendition (the MP4 phones play). */
export const smallVideoKey = (itemKey: string) => `${itemStem(itemKey)}/small.mp4`

/** The stem of the item a derived object key would belong to (`<stem>/w640.webp` -> `<stem>`); undefined for a key of no derived-object form. */
export function ownerStemOf(key: string): string | undefined {
  const slash = key.lastIndexOf('/')
  return slash > 0 && DERIVED_OBJECT_NAME.test(key.slice(slash + 1)) ? key.slice(0, slash) : undefined
}

/**
 * For a set of bucket keys, the item key each derived object belongs to: a derived object (ownerStemOf) belongs to
 * the key `<stem>.<ext>` of its stem when that key is in the set. Items, objects of no item and derived objects whose
 * item is missing are absent.
 */
export function derivedObjectOwners(keys: Iterable<string>): Map<string, string> {
  const all = [...keys]
  const itemByStem = new Map(all.map((key) => [itemStem(key), key]))
  const owners = new Map<string, string>()
  for (const key of all) {
    const stem = ownerStemOf(key)
    const owner = stem === undefined ? undefined : itemByStem.get(stem)
    if (owner) owners.set(key, owner)
  }
  return owners
}

/**
 * The keys an item's derived objects may have, without listing the bucket: its poster, its small video rendition and
 * its variants at the standard widths and at the widths its row records (variants; null for an item with no row or not
 * processed).
 */
export function derivedKeysOf(itemKey: string, variants: StoredVariant[] | null): string[] {
  const widths = new Set<number>([...VARIANT_WIDTHS, ...(variants ?? []).map((v) => v.width)])
  return [posterKey(itemKey), smallVideoKey(itemKey), ...[...widths].map((w) => variantKey(itemKey, w))]
}
