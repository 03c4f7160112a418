/**
 * Which WebP variant of an item a screen shows (public-visitor §2; server-contract: Media and votes, variants): the
 * `srcset` of the variants, shared by the client's `<img srcset>`, the offline prefetch's choice of file and the
 * server's preload of the first item, so all three name the same file. Chromium takes the first candidate at least
 * as dense as the screen, for an `<img srcset>` and a preload's `imagesrcset` alike. Each variant is declared as wide
 * as the geometric mean of its width and the next one's (the widest as itself): a screen gets the narrower of two
 * variants until its density passes their geometric mean, so a 380-px box on a 1.75x phone (665 device px) gets the
 * 640-px variant rather than the 1080-px one, at a third of the bytes.
 */

/** The width each of variants (narrowest first) is declared as in the srcset, px. */
export const declaredWidths = (variants: { width: number }[]): number[] =>
  variants.map((v, i) => (i + 1 < variants.length ? Math.round(Math.sqrt(v.width * variants[i + 1].width)) : v.width))

/** The srcset of variants (narrowest first): `url <declared width>w, ...`. */
export function variantSrcset(variants: { url: string; width: number }[]): string {
  const widths = declaredWidths(variants)
  return variants.map((v, i) => `${v.url} ${widths[i]}w`).join(', ')
}
