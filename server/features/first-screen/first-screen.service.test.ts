/**
 * renderFirstScreen: the first item's preload and preview (the same picture, the preview first in the body in a box
 * of the item's shape, hidden from assistive technology), and which chunks the page modulepreloads: the app's only
 * when the page has no preview (with one, the entry asks for the app once the preview has painted).
 */
import { describe, expect, it } from 'bun:test'
import type { RateMedia } from '../../contract/media'
import { rateMedia } from '../../../tests/support/rate-media'
import type { SessionUser } from '../../contract/session'
import { variantSrcset } from '../../contract/variant-srcset'
import { appChunks, firstItemPreview, lazyChunks, renderFirstScreen } from './first-screen.service'

const INDEX = `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-a.js"></script><link rel="modulepreload" crossorigin href="/assets/shared-b.js"></head><body class="bg"><div id="root"></div></body></html>`
const SESSION: SessionUser = {
  id: 7,
  sessionId: 's'.repeat(32),
  username: 'visitor-7',
  email: null,
  emailVerified: false,
  createdAt: '2026-11-27T00:00:00.000Z',
  latitude: null,
  longitude: null,
}
const MODULES = {
  app: ['/assets/start-c.js', '/assets/app-d.js', '/assets/shared-b.js'],
  route: ['/assets/upload-e.js', '/assets/app-d.js'],
}

/** A rate item of mimeType, 1600 x 1000 px unless given, with posterUrl and variants as given. */
function item(mimeType: string, display: Partial<RateMedia> = {}): RateMedia {
  return rateMedia(3, { url: '/api/media/file/m/x.bin', mimeType, size: 1000, width: 1600, height: 1000, ...display })
}

const render = (queue: RateMedia[]) => renderFirstScreen(INDEX, { session: SESSION, queue }, MODULES)
const modulePreloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1])
const PREVIEW =
  /<div class="first-picture-preview" data-first-picture-preview aria-hidden="true"><div data-width="(\d+)" data-height="(\d+)"><img alt="" fetchpriority="high" ([^>]*)><\/div><\/div>/

describe('renderFirstScreen', () => {
  it("writes a photo's variants as the preview, first in the body, at the item's aspect ratio, with the preload's srcset and sizes", () => {
    const variants = [
      { url: '/api/media/file/m/x/w320.webp', width: 320, height: 200, size: 9000 },
      { url: '/api/media/file/m/x/w640.webp', width: 640, height: 400, size: 30000 },
    ]
    const html = render([item('image/jpeg', { variants })])
    const preview = html.match(PREVIEW)
    expect(preview).not.toBeNull()
    expect(html.indexOf(preview![0])).toBe(html.indexOf('<body class="bg">') + '<body class="bg">'.length)
    expect([preview![1], preview![2]]).toEqual(['1600', '1000'])
    expect(preview![3]).toContain(`srcset="${variantSrcset(variants)}"`)
    const sizes = preview![3].match(/sizes="([^"]+)"/)![1]
    expect(html).toContain(`imagesizes="${sizes}"`)
  })

  it("writes a video's or an animation's poster as the preview and the preload", () => {
    for (const mimeType of ['video/mp4', 'image/gif']) {
      const html = render([item(mimeType, { posterUrl: '/api/media/file/m/x/poster.webp', width: 720, height: 1280 })])
      expect(html.match(PREVIEW)?.slice(1)).toEqual(['720', '1280', 'src="/api/media/file/m/x/poster.webp"'])
      expect(html).toContain('<link rel="preload" as="image" fetchpriority="high" href="/api/media/file/m/x/poster.webp">')
    }
  })

  it("with a preview, modulepreloads the route's chunks but not the app's, which the entry asks for once the preview has painted", () => {
    const html = render([item('image/png')])
    expect(html).toMatch(PREVIEW)
    expect(modulePreloads(html)).toEqual(['/assets/shared-b.js', '/assets/upload-e.js', '/assets/app-d.js'])
  })

  it("without a preview (a video without a poster, or no queue), modulepreloads the app's chunks once each, then the route's", () => {
    for (const queue of [[item('video/mp4')], []]) {
      const html = render(queue)
      expect(html).not.toContain('first-picture-preview')
      expect(modulePreloads(html)).toEqual(['/assets/shared-b.js', '/assets/start-c.js', '/assets/app-d.js', '/assets/upload-e.js'])
    }
  })

  it('gives an item of unknown size the 16:9 box the rate screen gives it', () => {
    expect(
      render([item('image/jpeg', { width: null, height: null })])
        .match(PREVIEW)
        ?.slice(1, 3),
    ).toEqual(['16', '9'])
  })

  it('escapes the picture URLs in the preview as attribute values', () => {
    expect(firstItemPreview(item('image/gif', { url: '/a"><script>x</script>' }))).toContain('src="/a&quot;>&lt;script>x&lt;/script>"')
  })
})

describe('lazyChunks', () => {
  it('answers the chunks of a module and of its split parts, with their static imports, once each', () => {
    const manifest = {
      'src/start.tsx': { file: 'assets/start-c.js', imports: ['_app.js'] },
      '_app.js': { file: 'assets/app-d.js', imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-b.js' },
      'src/routes/_shell/upload.tsx?tsr-split=component': { file: 'assets/upload-e.js', imports: ['_app.js'] },
    }
    expect(lazyChunks(manifest, 'src/start.tsx')).toEqual(['/assets/start-c.js', '/assets/app-d.js', '/assets/shared-b.js'])
    expect(lazyChunks(manifest, 'src/routes/_shell/upload.tsx')).toEqual(['/assets/upload-e.js', '/assets/app-d.js', '/assets/shared-b.js'])
    expect(lazyChunks(manifest, 'src/nothing.tsx')).toEqual([])
  })
})

describe('appChunks', () => {
  it("answers the chunks the page's entry imports dynamically, with their static imports, once each", () => {
    const manifest = {
      'index.html': {
        file: 'assets/index-a.js',
        imports: ['_shared.js'],
        dynamicImports: ['../node_modules/react-dom/client.js', 'src/start.tsx'],
      },
      '../node_modules/react-dom/client.js': { file: 'assets/client-f.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-g.js' },
      'src/start.tsx': { file: 'assets/start-c.js', imports: ['_app.js'] },
      '_app.js': { file: 'assets/app-d.js', imports: ['_react.js', '_shared.js'] },
      '_shared.js': { file: 'assets/shared-b.js' },
    }
    expect(appChunks(manifest)).toEqual([
      '/assets/client-f.js',
      '/assets/react-g.js',
      '/assets/start-c.js',
      '/assets/app-d.js',
      '/assets/shared-b.js',
    ])
    expect(appChunks({})).toEqual([])
  })
})
