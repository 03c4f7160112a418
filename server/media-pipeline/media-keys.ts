/**
 * Keys of an item's derived objects (issue #11). An item stored as `<stem>.<ext>` keeps its WebP display variants
 * at `<stem>/w<width>.webp` and a video's poster at `<stem>/poster.webp`, beside it in the same bucket (fs and S3
 * alike). The takedown check (findMediaOwningKey) already treats every `<stem>/...` object as the item's.
 */

/** Display variant widths in px the pipeline makes when the source is at least that wide. */
export const VARIANT_WIDTHS = [320, 640, 1080, 1600] as const

/** The file name of a derived object (a variant `w<width>.webp` or the poster), under its item's stem folder. */
export const DERIVED_OBJECT_NAME = /^(w\d+|poster)\.webp$/

/** The item key without its extension: media/2026/11/<uuid>.jpg -> media/2026/11/<uuid>. */
export const itemStem = (itemKey: string) => itemKey.replace(/\.[^./]+$/, '')

/** The key of the variant of itemKey that is width px wide. */
export const variantKey = (itemKey: string, width: number) => `${itemStem(itemKey)}/w${width}.webp`

/** The key of a video item's poster frame. */
export const posterKey = (itemKey: string) => `${itemStem(itemKey)}/poster.webp`

/**
 * For a set of bucket keys, the item key each derived object belongs to: a key `<stem>/w<n>.webp` or
 * `<stem>/poster.webp` is derived when some key `<stem>.<ext>` is in the set. Items and other objects are absent.
 */
export function derivedObjectOwners(keys: Iterable<string>): Map<string, string> {
  const all = [...keys]
  const itemByStem = new Map<string, string>()
  for (const key of all) if (/\.[^./]+$/.test(key)) itemByStem.set(itemStem(key), key)
  const owners = new Map<string, string>()
  for (const key of all) {
    const slash = key.lastIndexOf('/')
    const owner = slash > 0 && DERIVED_OBJECT_NAME.test(key.slice(slash + 1)) ? itemByStem.get(key.slice(0, slash)) : undefined
    if (owner && owner !== key) owners.set(key, owner)
  }
  return owners
}
