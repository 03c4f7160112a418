/**
 * GET / (and /upload, the session alone) for a browser's page load carries the first screen: the session of the
 * cookie's own visitor (resumed, its cookie renewed; none without one, and no user is created), the first queue as GET
 * /api/media/queue would pick it (for nobody without a visitor), as JSON data the CSP lets be, and a preload of the
 * first item's picture; the answer is private and never stored. A fetch of /, a logged-out browser and /index.html get
 * the plain built page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { createApp } from '@server/app'
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenData } from '@contract/first-screen'
import { paths } from '@contract/paths'
import { variantSrcset } from '@contract/variant-srcset'
import { call, makeTestDeps, makeVisitor } from '../../support/test-app'
import { makeMedia } from '../../support/builders'

const HTML = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>HotVote</title><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`
/**
 * A build manifest naming the entry, which imports the app's start dynamically (importing the app's chunk), and the
 * upload route's split chunk, which imports a shared chunk.
 */
const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', dynamicImports: ['src/start.tsx'] },
  'src/start.tsx': { file: 'assets/start-jkl.js', imports: ['_app-mno.js'] },
  '_app-mno.js': { file: 'assets/app-mno.js' },
  'src/routes/_shell/upload.tsx?tsr-split=component': { file: 'assets/upload-abc.js', imports: ['_esm-def.js'] },
  '_esm-def.js': { file: 'assets/esm-def.js' },
  'src/routes/_shell/stats.tsx?tsr-split=component': { file: 'assets/stats-ghi.js' },
}
const NAVIGATION = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none' }

/** The first screen data of a page, or undefined when it has none. */
function dataOf(html: string): FirstScreenData | undefined {
  const m = html.match(new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">([^<]*)</script>`))
  return m ? (JSON.parse(m[1]) as FirstScreenData) : undefined
}

function suite(env: Record<string, string>) {
  const t = makeTestDeps(env)
  const dist = join(t.dir, 'dist')
  let app: ReturnType<typeof createApp>
  const mediaIds: number[] = []
  beforeAll(async () => {
    mkdirSync(dist, { recursive: true })
    writeFileSync(join(dist, 'index.html'), HTML)
    mkdirSync(join(dist, '.vite'))
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST))
    app = createApp(t.deps, dist)
    const owner = await makeVisitor(app)
    for (const f of ['autumn-mountain-meadow.jpg', 'colorful-cups.png', 'kite-sky-portrait.mp4'])
      mediaIds.push((await makeMedia(app, owner, f)).json.media.id)
  })
  afterAll(t.cleanup)
  const page = (headers: Record<string, string> = NAVIGATION, path = '/') => app.handle(new Request(`http://localhost${path}`, { headers }))
  return { t, app: () => app, page, mediaIds: () => mediaIds }
}

describe('GET / on a page load', () => {
  const s = suite({})

  it("writes a new visitor's first queue into the page and creates no user: no session, no cookie, never stored by a cache", async () => {
    const users = async () => (await s.t.sql.all<{ n: number }>('select count(*) as n from users'))[0].n
    const before = await users()
    // Crawlers and link previews load the page without cookies, many times.
    for (let i = 0; i < 5; i++) {
      const res = await s.page()
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/html')
      expect(res.headers.get('cache-control')).toBe('private, no-store')
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
      expect(res.headers.get('set-cookie')).toBeNull()
      const data = dataOf(await res.text())!
      expect(data.session).toBeNull()
      // Picked for nobody: a new visitor's queue, every item.
      expect(data.queue.map((i) => i.id).sort()).toEqual([...s.mediaIds()].sort())
    }
    expect(await users()).toBe(before)
  })

  it("writes a known visitor's session and the queue GET /api/media/queue answers them", async () => {
    const v = await makeVisitor(s.app())
    const data = dataOf(await (await s.page({ ...NAVIGATION, cookie: v.cookie })).text())!
    const queue = await call(s.app(), 'GET', paths.mediaQueue(v.user.id, { limit: 10, exclude: [] }), undefined, { cookie: v.cookie })
    expect(queue.json.map((i: { id: number }) => i.id).sort()).toEqual(data.queue.map((i) => i.id).sort())
  })

  it("preloads the first item's picture at high priority before the app's script", async () => {
    const html = await (await s.page()).text()
    const first = dataOf(html)!.queue[0]
    const preload = html.match(/<link rel="preload" as="image" fetchpriority="high" ([^>]*)>/)
    expect(preload).not.toBeNull()
    expect(html.indexOf(preload![0])).toBeLessThan(html.indexOf('<script type="module"'))
    if (first.posterUrl) expect(preload![1]).toBe(`href="${first.posterUrl}"`)
    else {
      expect(preload![1]).toContain(`imagesrcset="${variantSrcset(first.variants)}"`)
      expect(preload![1]).toMatch(/imagesizes="\(min-width: 768px\) min\(calc\(100vw - 320px\), .*\), min\(calc\(100vw - 32px\), /)
    }
  })

  it("shows the first item's picture as a preview first in the body, and leaves the app's chunks to the entry", async () => {
    const html = await (await s.page()).text()
    const first = dataOf(html)!.queue[0]
    const preview = html.match(
      /<body><div class="first-picture-preview" data-first-picture-preview aria-hidden="true"><div data-width="(\d+)" data-height="(\d+)"><img ([^>]*)><\/div><\/div>/,
    )
    expect(preview).not.toBeNull()
    expect(preview!.slice(1, 3).map(Number)).toEqual([first.width!, first.height!])
    if (first.posterUrl) expect(preview![3]).toContain(`src="${first.posterUrl}"`)
    else expect(preview![3]).toContain(`srcset="${variantSrcset(first.variants)}"`)
    expect(html).not.toContain('rel="modulepreload"')
  })

  it("resumes the cookie's own visitor and renews its cookie", async () => {
    const v = await makeVisitor(s.app())
    const res = await s.page({ ...NAVIGATION, cookie: v.cookie })
    const data = dataOf(await res.text())!
    expect(data.session).toMatchObject({ id: v.user.id, sessionId: v.user.sessionId })
    expect(res.headers.get('set-cookie')).toContain(`sid=${v.user.sessionId}`)
  })

  it('leaves out what the visitor has voted on', async () => {
    const v = await makeVisitor(s.app())
    await call(s.app(), 'POST', paths.votes(), { userId: v.user.id, mediaId: s.mediaIds()[0], isHot: true }, { cookie: v.cookie })
    const data = dataOf(await (await s.page({ ...NAVIGATION, cookie: v.cookie })).text())!
    expect(data.queue.map((i) => i.id).sort()).toEqual(s.mediaIds().slice(1).sort())
  })

  it("writes the session alone into /upload, with no queue and no image preload, and modulepreloads the upload route's chunks", async () => {
    const v = await makeVisitor(s.app())
    const res = await s.page({ ...NAVIGATION, cookie: v.cookie }, '/upload')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const html = await res.text()
    expect(dataOf(html)).toEqual({ session: expect.objectContaining({ id: v.user.id, sessionId: v.user.sessionId }), queue: [] })
    expect(html).not.toContain('rel="preload"')
    const modules = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1])
    // No picture to preview: the app's chunks, which the entry imports at once, then the route's.
    expect(modules).toEqual(['/assets/start-jkl.js', '/assets/app-mno.js', '/assets/upload-abc.js', '/assets/esm-def.js'])
    // After the app's own script, which the phone's connections fetch first; in the head, so it starts with the page.
    expect(html.indexOf('rel="modulepreload"')).toBeGreaterThan(html.indexOf('<script type="module"'))
    expect(html.indexOf('rel="modulepreload"')).toBeLessThan(html.indexOf('</head>'))
  })

  it("writes the upload screen's heading and drop zone text into /upload's root element, for a new visitor too, and none into /", async () => {
    for (const headers of [NAVIGATION, { ...NAVIGATION, cookie: (await makeVisitor(s.app())).cookie }]) {
      const html = await (await s.page(headers, '/upload')).text()
      const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'))
      // Painted with the stylesheet before any script runs, hidden from assistive technology (the app replaces it).
      expect(root).toMatch(/^<div id="root"><div class="min-h-screen" aria-hidden="true">/)
      expect(root).toContain('>Upload Media</h2>')
      expect(root).toContain('>Drag and drop photos or videos here</p>')
    }
    expect(await (await s.page()).text()).toContain('<div id="root"></div>')
  })

  it('escapes < in the data, so no value closes the element', async () => {
    const v = await makeVisitor(s.app())
    await s.t.sql.run('update users set email = ? where id = ?', '</script><script>alert(1)</script>@example.com', v.user.id)
    const html = await (await s.page({ ...NAVIGATION, cookie: v.cookie })).text()
    expect(html).not.toContain('</script><script>alert(1)')
    expect(dataOf(html)!.session!.email).toBe('</script><script>alert(1)</script>@example.com')
  })

  it('answers the brotli-compressed page when the browser takes br', async () => {
    const res = await s.page({ ...NAVIGATION, 'accept-encoding': 'gzip, br' })
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('vary')).toContain('Accept-Encoding')
    expect(dataOf(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString())).toBeDefined()
  })

  it('gives a fetch of /, /index.html and a logged-out browser the plain page and starts no visitor', async () => {
    const before = (await s.t.sql.all<{ n: number }>('select count(*) as n from users'))[0].n
    for (const res of [
      await s.page({}),
      await s.page(NAVIGATION, '/index.html'),
      await s.page({ ...NAVIGATION, cookie: 'logged-out=1' }),
    ]) {
      expect(await res.text()).toBe(HTML)
      expect(res.headers.get('set-cookie')).toBeNull()
      expect(res.headers.get('cache-control')).toBe('no-cache')
    }
    expect((await s.t.sql.all<{ n: number }>('select count(*) as n from users'))[0].n).toBe(before)
  })

  it('logout sets the logged-out cookie and the next POST /api/session clears it', async () => {
    const v = await makeVisitor(s.app())
    const out = await call(s.app(), 'DELETE', paths.session(), undefined, { cookie: v.cookie })
    expect(out.headers.get('set-cookie')).toContain('logged-out=1')
    const back = await call(s.app(), 'POST', paths.session(), { sessionId: v.user.sessionId }, { cookie: 'logged-out=1' })
    expect(back.headers.get('set-cookie')).toMatch(/logged-out=;.*Max-Age=0/)
  })
})

describe('GET / with an unreadable build manifest', () => {
  const s = suite({})

  it('answers the plain page, then writes the first screen once the manifest reads again', async () => {
    const path = join(s.t.dir, 'dist', '.vite', 'manifest.json')
    writeFileSync(path, '{ not json')
    expect(await (await s.page()).text()).toBe(HTML)
    writeFileSync(path, JSON.stringify(MANIFEST))
    expect(dataOf(await (await s.page()).text())?.queue.length).toBe(3)
  })
})
