/**
 * The first screen of `/` written into index.html (public-visitor §2 Rate screen; server-contract: General): the
 * visitor's session and first queue as JSON data (`<script type="application/json">`, which no browser runs, so the
 * CSP's script-src stays 'self') and a high-priority preload of the first item's picture, so the browser fetches the
 * picture beside the app's script instead of after the script, the session answer and the queue answer.
 */
import { FIRST_SCREEN_ELEMENT_ID, rateBoxSizes, type FirstScreenData } from '../../contract/first-screen'
import type { RateMedia } from '../../contract/media'
import { variantSrcset } from '../../contract/variant-srcset'

/** text as an HTML attribute value (inside double quotes). */
const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/**
 * The `<link rel="preload" as="image">` of the picture the rate screen shows first for item: the still poster of a
 * video or an animated image (the screen shows it as an `<img>` until the page has loaded), an image's variants as `imagesrcset` (variantSrcset) with
 * the box's `imagesizes` (rateBoxSizes), the very srcset and sizes of the screen's `<img>`, so both pick the same
 * file; else the file.
 * Empty for a video without a poster (its file is not fetched before the page has loaded).
 */
export function firstItemPreload(item: RateMedia): string {
  const link = (attrs: string) => `<link rel="preload" as="image" fetchpriority="high" ${attrs}>`
  if (item.posterUrl) return link(`href="${attribute(item.posterUrl)}"`)
  if (item.mimeType.startsWith('video/')) return ''
  if (!item.variants.length) return link(`href="${attribute(item.url)}"`)
  return link(`imagesrcset="${attribute(variantSrcset(item.variants))}" imagesizes="${attribute(rateBoxSizes(item))}"`)
}

/** The build's manifest (client/dist/.vite/manifest.json): per source module, its chunk file and the chunks it imports statically. */
export type BuildManifest = Record<string, { file: string; imports?: string[] }>

/**
 * The chunk files (paths under the site root) of the lazy route whose source file is routeFile (e.g.
 * `src/routes/_shell/upload.tsx`; the router's split chunks are keyed `<file>?tsr-split=...`), with the chunks they
 * import statically, or none when the build has no such route.
 */
export function routeChunks(manifest: BuildManifest, routeFile: string): string[] {
  const files = new Set<string>()
  const add = (key: string) => {
    const entry = manifest[key]
    if (!entry || files.has(`/${entry.file}`)) return
    files.add(`/${entry.file}`)
    for (const imported of entry.imports ?? []) add(imported)
  }
  for (const key of Object.keys(manifest)) if (key === routeFile || key.startsWith(`${routeFile}?`)) add(key)
  return [...files]
}

/** html with text inserted before the first match of pattern (or appended when there is none). */
function insertBefore(html: string, pattern: RegExp, text: string): string {
  const at = html.search(pattern)
  return at < 0 ? html + text : html.slice(0, at) + text + html.slice(at)
}

/**
 * indexHtml (the built index.html) with data's first item preloaded before the first script (the preload scanner
 * meets it first), modules (chunk paths the page's route loads lazily) modulepreloaded at the end of the head (after
 * the app's own script and styles, which a phone's six connections fetch first), and data as JSON at the end of the
 * body, `<` escaped so no value can close the element.
 */
export function renderFirstScreen(indexHtml: string, data: FirstScreenData, modules: string[] = []): string {
  const preload = data.queue[0] ? firstItemPreload(data.queue[0]) : ''
  const modulePreloads = modules.map((m) => `<link rel="modulepreload" crossorigin href="${attribute(m)}">`).join('')
  const json = JSON.stringify(data).replace(/</g, '\\u003c')
  const element = `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${json}</script>`
  const withPreload = insertBefore(insertBefore(indexHtml, /<\/head>/i, modulePreloads), /<script\b|<\/head>/i, preload)
  const bodyEnd = withPreload.lastIndexOf('</body>')
  return bodyEnd < 0 ? withPreload + element : withPreload.slice(0, bodyEnd) + element + withPreload.slice(bodyEnd)
}
