/**
 * Which file of a media item to show: the WebP variants' srcset, the variant (or a video's rendition) a box of a given
 * CSS width needs at the device pixel ratio (the one the offline prefetch warms), and the thumbhash placeholder's
 * pixels (drawn on a canvas: the CSP allows no data: images).
 */
import { thumbHashToRGBA } from 'thumbhash'
import type { MediaDisplay } from '@contract/media'
import { declaredWidths, variantSrcset } from '@contract/variant-srcset'

/** The fields of an item this module reads: its file, type, size in bytes, width in px (when known) and display fields. */
export type DisplayItem = MediaDisplay & { url: string; mimeType: string; size: number; width?: number | null }

/** The srcset of the variants (variantSrcset: widths declared at the geometric mean with the next), undefined when the item has none. */
export const srcSetOf = (item: DisplayItem): string | undefined => (item.variants.length ? variantSrcset(item.variants) : undefined)

/** True when the browser asks to save data (navigator.connection.saveData). */
export const saveDataOn = () => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true

/**
 * The file a box cssWidth px wide shows at dpr device pixels per px, chosen as chromium chooses from srcSetOf (its
 * srcset selection: the first candidate whose declared width is at least cssWidth x dpr, else the widest), so the
 * prefetch warms the very file the screen will ask for; the narrowest under Data Saver. A video's candidates are its
 * small rendition and its own file (the item's width; the rendition's when unknown); an item without variants or
 * rendition shows its own file. size in bytes.
 */
export function fileFor(item: DisplayItem, cssWidth: number, dpr: number, saveData: boolean): { url: string; size: number } {
  const small = item.smallVideo
  const variants = small ? [small, { url: item.url, width: item.width ?? small.width, size: item.size }] : item.variants
  if (!variants.length) return { url: item.url, size: item.size }
  const dense = declaredWidths(variants).findIndex((w) => w / cssWidth >= dpr)
  const i = saveData ? 0 : dense < 0 ? variants.length - 1 : dense
  return { url: variants[i].url, size: variants[i].size }
}

/** A decoded placeholder: w x h pixels (at most 32 on the long side), RGBA bytes. */
export type PlaceholderPixels = { w: number; h: number; rgba: Uint8ClampedArray<ArrayBuffer> }

const placeholders = new Map<string, PlaceholderPixels | null>()

/** The placeholder's pixels (decoded once per hash), undefined when the item has none or it is malformed. */
export function placeholderPixels(placeholder: string | null): PlaceholderPixels | undefined {
  if (!placeholder) return undefined
  if (!placeholders.has(placeholder)) {
    try {
      const { w, h, rgba } = thumbHashToRGBA(Uint8Array.from(atob(placeholder), (c) => c.charCodeAt(0)))
      placeholders.set(placeholder, { w, h, rgba: new Uint8ClampedArray(rgba) })
    } catch {
      placeholders.set(placeholder, null)
    }
  }
  return placeholders.get(placeholder) ?? undefined
}
