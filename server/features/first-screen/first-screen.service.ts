/**
 * The first screen of `/` written into index.html (public-visitor §2 Rate screen; server-contract: General): the
 * visitor's session and first queue as JSON data (`<script type="application/json">`, which no browser runs, so the
 * CSP's script-src stays 'self'), a high-priority preload of the first item's picture, so the browser fetches the
 * picture beside the app's script instead of after the script, the session answer and the queue answer, and that
 * picture itself as a preview at the place and size of the rate screen's box, so it is on screen before the app runs.
 */
import { FIRST_PICTURE_PREVIEW_ATTRIBUTE, FIRST_SCREEN_ELEMENT_ID, rateBoxSizes, type FirstScreenData } from '../../contract/first-screen'
import type { RateMedia } from '../../contract/media'
import { variantSrcset } from '../../contract/variant-srcset'

/** The shape of an item of unknown size, as aspectRatioOf takes it (16:9). */
const UNKNOWN_SHAPE = { width: 16, height: 9 }

/** text as an HTML attribute value (inside double quotes). */
const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/**
 * The picture the rate screen shows first for item: the still poster of a video or an animated image (the screen
 * shows it as an `<img>` until the page has loaded), an image's variants as a srcset (variantSrcset) with the box's
 * sizes (rateBoxSizes), the very srcset and sizes of the screen's `<img>`, so all pick the same file; else the file.
 * undefined for a video without a poster (its file is not fetched before the page has loaded).
 */
function firstPicture(item: RateMedia): { src: string } | { srcset: string; sizes: string } | undefined {
  if (item.posterUrl) return { src: item.posterUrl }
  if (item.mimeType.startsWith('video/')) return undefined
  if (!item.variants.length) return { src: item.url }
  return { srcset: variantSrcset(item.variants), sizes: rateBoxSizes(item) }
}

/** The `<link rel="preload" as="image">` of item's first picture (firstPicture); empty when it has none. */
export function firstItemPreload(item: RateMedia): string {
  const picture = firstPicture(item)
  if (!picture) return ''
  const target =
    'src' in picture
      ? `href="${attribute(picture.src)}"`
      : `imagesrcset="${attribute(picture.srcset)}" imagesizes="${attribute(picture.sizes)}"`
  return `<link rel="preload" as="image" fetchpriority="high" ${target}>`
}

/**
 * The preview of item's first picture (firstPicture): an `<img>` in a box of the item's aspect ratio (its data-width
 * and data-height, px; 16:9 when unknown, as aspectRatioOf) that the stylesheet lays out as the rate screen lays out
 * its box, in an element it places where that box will be (client/src/styles.css); hidden from assistive technology,
 * since the rate screen's own picture, with its text, takes its place. Empty when item has no picture.
 */
export function firstItemPreview(item: RateMedia): string {
  const picture = firstPicture(item)
  if (!picture) return ''
  // Whole numbers, as the item's own: the box's height then comes out as the rate screen's to the 1/64 px.
  const { width, height } = item.width && item.height ? { width: item.width, height: item.height } : UNKNOWN_SHAPE
  const source =
    'src' in picture ? `src="${attribute(picture.src)}"` : `srcset="${attribute(picture.srcset)}" sizes="${attribute(picture.sizes)}"`
  return `<div class="first-picture-preview" ${FIRST_PICTURE_PREVIEW_ATTRIBUTE} aria-hidden="true"><div data-width="${width}" data-height="${height}"><img alt="" fetchpriority="high" ${source}></div></div>`
}

/**
 * The build's manifest (client/dist/.vite/manifest.json): per source module (`index.html` for the page's entry), its
 * chunk file, the chunks it imports statically and the modules it imports dynamically.
 */
export type BuildManifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>

/**
 * The chunk files (paths under the site root) of a module the client loads lazily, by its source file (e.g.
 * `src/start.tsx`, or a route's `src/routes/_shell/upload.tsx`, whose split chunks are keyed `<file>?tsr-split=...`),
 * with the chunks they import statically; none when the build has no such module.
 */
export function lazyChunks(manifest: BuildManifest, file: string): string[] {
  const files = new Set<string>()
  const add = (key: string) => {
    const entry = manifest[key]
    if (!entry || files.has(`/${entry.file}`)) return
    files.add(`/${entry.file}`)
    for (const imported of entry.imports ?? []) add(imported)
  }
  for (const key of Object.keys(manifest)) if (key === file || key.startsWith(`${file}?`)) add(key)
  return [...files]
}

/**
 * The app's chunks (paths under the site root): what the page's entry imports dynamically once it starts the app
 * (client/src/main.tsx: React's runtime, then the app's start), with the chunks those import statically.
 */
export function appChunks(manifest: BuildManifest): string[] {
  return [...new Set((manifest['index.html']?.dynamicImports ?? []).flatMap((key) => lazyChunks(manifest, key)))]
}

/** html with text inserted after the first match of pattern (or appended when there is none). */
function insertAfter(html: string, pattern: RegExp, text: string): string {
  const match = pattern.exec(html)
  return match ? html.slice(0, match.index + match[0].length) + text + html.slice(match.index + match[0].length) : html + text
}

/** html with text inserted before the first match of pattern (or appended when there is none). */
function insertBefore(html: string, pattern: RegExp, text: string): string {
  const at = html.search(pattern)
  return at < 0 ? html + text : html.slice(0, at) + text + html.slice(at)
}

/** Chunk paths a page modulepreloads (lazyChunks): the app's own, and those of the page's lazy route. */
export type PageModules = { app: string[]; route: string[] }

/**
 * indexHtml (the built index.html) with data's first item preloaded before the first script (the preload scanner
 * meets it first) and its preview first in the body; modules modulepreloaded at the end of the head (after the
 * entry's script and the styles, which a phone's six connections fetch first): the route's, and the app's unless the
 * page has a preview (the entry then asks for the app's code once the preview has painted, client/src/main.tsx); and
 * data as JSON at the end of the body, `<` escaped so no value can close the element.
 */
export function renderFirstScreen(indexHtml: string, data: FirstScreenData, modules: PageModules = { app: [], route: [] }): string {
  const preview = data.queue[0] ? firstItemPreview(data.queue[0]) : ''
  const preloaded = new Set([...(preview ? [] : modules.app), ...modules.route].filter((m) => !indexHtml.includes(`href="${m}"`)))
  const modulePreloads = [...preloaded].map((m) => `<link rel="modulepreload" crossorigin href="${attribute(m)}">`).join('')
  const json = JSON.stringify(data).replace(/</g, '\\u003c')
  const element = `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${json}</script>`
  let html = insertBefore(indexHtml, /<\/head>/i, modulePreloads)
  if (data.queue[0]) html = insertBefore(html, /<script\b|<\/head>/i, firstItemPreload(data.queue[0]))
  html = insertAfter(html, /<body\b[^>]*>/i, preview)
  const bodyEnd = html.lastIndexOf('</body>')
  return bodyEnd < 0 ? html + element : html.slice(0, bodyEnd) + element + html.slice(bodyEnd)
}
