/**
 * Story: a new visitor on a 390x844 phone opens /; the photo to rate (the LCP element) is
 * fetched alone, eagerly and at high priority, and no file of the prefetch queue is requested before that photo's
 * load event; the queue is then warmed at low priority.
 */
import { describe, expect, test } from 'bun:test'
import type { Route } from 'playwright-core'
import { useServerAndBrowser } from '../support/browser'
import { seedUploads } from '../support/seed'

const app = useServerAndBrowser()

const PHOTOS = ['autumn-mountain-meadow.jpg', 'lakeside-jetty-planks.jpg', 'rowing-boats-sunset.jpg']
const MEDIA_FILE = /\/api\/media\/file\//
const BOX_IMG = 'button[aria-label="Open full-screen viewer"] img'

describe('first load order on a phone', () => {
  test('the prefetch queue starts only after the first photo has loaded, at low priority', async () => {
    await seedUploads(app.server, PHOTOS)
    // No service worker: page.route does not see the requests a worker answers, and on a loaded machine the worker
    // registered by this first load could take the page over before the photo is asked for (the hold below then hangs).
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, serviceWorkers: 'block' })
    const page = await context.newPage()
    // One timeline, in the order the events reach the test: media file requests and the first photo's load event.
    const timeline: { kind: 'request' | 'loaded'; path: string }[] = []
    await page.exposeBinding(
      'firstPhotoLoaded',
      (_source, src: string) => void timeline.push({ kind: 'loaded', path: new URL(src).pathname }),
    )
    await page.addInitScript((selector) => {
      let reported = false
      document.addEventListener(
        'load',
        (event) => {
          const target = event.target as HTMLElement
          if (reported || !(target instanceof HTMLImageElement) || !target.matches(selector)) return
          reported = true
          void (window as Window & { firstPhotoLoaded?(src: string): Promise<void> }).firstPhotoLoaded?.(target.currentSrc)
        },
        true,
      )
    }, BOX_IMG)
    page.on('request', (r) => void (MEDIA_FILE.test(r.url()) && timeline.push({ kind: 'request', path: new URL(r.url()).pathname })))
    // Fetch priority as chromium assigned it to each media file request.
    const cdp = await context.newCDPSession(page)
    const priorities = new Map<string, string>()
    cdp.on(
      'Network.requestWillBeSent',
      (e) => void (MEDIA_FILE.test(e.request.url) && priorities.set(new URL(e.request.url).pathname, e.request.initialPriority)),
    )
    await cdp.send('Network.enable')
    // The first media file answered is held until the screen has rendered and run its effects, so a prefetch that
    // starts with the queue (not after the photo's load) has certainly been requested by the time the photo loads.
    let hold: (route: Route) => void
    const held = new Promise<Route>((resolve) => (hold = resolve))
    let first = true
    await page.route(MEDIA_FILE, (route) => {
      if (!first) return route.continue()
      first = false
      hold(route)
    })

    // Not until the load event, which waits for the held photo (the page's preview of it asks for it too); the app starts
    // without it after at most a second.
    await page.goto(`${app.server.url}/`, { waitUntil: 'domcontentloaded' })
    const img = page.locator(BOX_IMG)
    await img.waitFor({ state: 'attached' })
    await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))))
    expect([await img.getAttribute('fetchpriority'), await img.getAttribute('loading')]).toEqual(['high', 'eager'])
    await (await held).continue()

    // The other two photos are warmed in the end (one variant each), so the check below is not vacuous.
    await page.waitForFunction(
      () => document.querySelector<HTMLImageElement>('button[aria-label="Open full-screen viewer"] img')?.complete === true,
    )
    await page.waitForFunction(
      (count) =>
        new Set(
          performance
            .getEntriesByType('resource')
            .filter((e) => e.name.includes('/api/media/file/'))
            .map((e) => e.name),
        ).size >= count,
      PHOTOS.length,
    )
    const loadedAt = timeline.findIndex((e) => e.kind === 'loaded')
    expect(loadedAt).toBeGreaterThan(-1)
    const photo = timeline[loadedAt].path
    const before = timeline.slice(0, loadedAt).filter((e) => e.path !== photo)
    expect(before).toEqual([])
    const warmed = [
      ...new Set(
        timeline
          .slice(loadedAt)
          .filter((e) => e.kind === 'request' && e.path !== photo)
          .map((e) => e.path),
      ),
    ]
    expect(warmed.length).toBe(PHOTOS.length - 1)
    // The photo to rate at high priority, the queue's files at low priority.
    expect(priorities.get(photo)).toMatch(/^(High|VeryHigh)$/)
    expect(warmed.map((p) => priorities.get(p))).toEqual(warmed.map(() => 'Low'))
    await context.close()
  })
})
