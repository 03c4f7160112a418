/**
 * The first screen of `/` written into index.html (public-visitor §2 Rate screen; server-contract: General): the
 * visitor's session and first queue as JSON data (`<script type="application/json">`, which no browser runs, so the
 * CSP's script-src stays 'self'), a high-priority preload of the first item's picture, so the browser fetches the
 * picture beside the app's script instead of after the script, the session answer and the queue answer, and that
 * picture itself as a preview at the place and size of the rate screen's box, so it is on screen before the app runs;
 * the page of `/upload` gets its screen's heading and drop zone text as its first paint (UPLOAD_FIRST_PAINT).
 */
import { FIRST_PICTURE_PREVIEW_ATTRIBUTE, FIRST_SCREEN_ELEMENT_ID, rateBoxSizes, type FirstScreenData } from '../../contract/first-screen'
import { MAX_VIDEO_BYTES, MB, type RateMedia } from '../../contract/media'
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

/**
 * The first paint of `/upload`, written into the app's root element: the upload screen's heading and drop zone texts
 * in the shell's place and type (the classes of client/src/routes/_shell.tsx, _shell/upload.tsx and the drop zone),
 * so the page's largest text paints with the stylesheet, before the app runs; React's first render replaces it.
 * Hidden from assistive technology, since the app's own screen, with its controls, takes its place.
 */
export const UPLOAD_FIRST_PAINT =
  '<div class="min-h-screen" aria-hidden="true"><div class="h-14 md:hidden"></div>' +
  '<div class="px-4 pb-24 pt-4 md:ml-64 md:px-8 md:pb-8 md:pt-8"><div class="mx-auto max-w-3xl space-y-6">' +
  '<h2 class="text-2xl font-bold">Upload Media</h2>' +
  '<div class="rounded-2xl border-2 border-dashed border-zinc-700 bg-zinc-900/50 p-10 text-center"><div class="mx-auto h-10 w-10"></div>' +
  '<p class="mt-3 text-lg font-medium">Drag and drop photos or videos here</p>' +
  `<p class="mt-1 text-sm text-zinc-400">or click to browse, or paste an image. JPEG, PNG, GIF, WebP up to 10 MB; MP4 up to ${MAX_VIDEO_BYTES / MB} MB.</p>` +
  '</div></div></div></div>'

/** Chunk paths a page modulepreloads (lazyChunks): the app's own, and those of the page's lazy route. */
export type PageModules = { app: string[]; route: string[] }

/**
 * indexHtml (the built index.html) with data's first item preloaded before the first script (the preload scanner
 * meets it first) and its preview first in the body; modules modulepreloaded at the end of the head (after the
 * entry's script and the styles, which a phone's six connections fetch first): the route's, and the app's unless the
 * page has a preview (the entry then asks for the app's code once the preview has painted, client/src/main.tsx); and
 * data as JSON at the end of the body, `<` escaped so no value can close the element; firstPaint (static markup such as
 * UPLOAD_FIRST_PAINT) inside the app's root element, which the app's first render replaces.
 */
export function renderFirstScreen(
  indexHtml: string,
  data: FirstScreenData,
  modules: PageModules = { app: [], route: [] },
  firstPaint = '',
): string {
  const preview = data.queue[0] ? firstItemPreview(data.queue[0]) : ''
  const preloaded = new Set([...(preview ? [] : modules.app), ...modules.route].filter((m) => !indexHtml.includes(`href="${m}"`)))
  const modulePreloads = [...preloaded].map((m) => `<link rel="modulepreload" crossorigin href="${attribute(m)}">`).join('')
  const json = JSON.stringify(data).replace(/</g, '\\u003c')
  const element = `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${json}</script>`
  let html = insertBefore(indexHtml, /<\/head>/i, modulePreloads)
  if (data.queue[0]) html = insertBefore(html, /<script\b|<\/head>/i, firstItemPreload(data.queue[0]))
  html = insertAfter(html, /<body\b[^>]*>/i, preview)
  if (firstPaint) html = insertAfter(html, /<div id="root">/i, firstPaint)
  const bodyEnd = html.lastIndexOf('</body>')
  return bodyEnd < 0 ? html + element : html.slice(0, bodyEnd) + element + html.slice(bodyEnd)
}
