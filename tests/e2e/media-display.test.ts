/**
 * Story: on a 390-px phone at DPR 3 the rate screen loads a WebP variant sized for its box (never the
 * uploaded file), paints the thumbhash placeholder over the reserved box before the image arrives, and nothing moves
 * when the next item replaces the one just voted on (CLS 0).
 */
import { describe, expect, test } from 'bun:test'
import type { Route } from 'playwright-core'
import { useServerAndBrowser } from '../support/browser'
import { seedUploads } from '../support/seed'

const app = useServerAndBrowser()

/** Landscape photos at least 1600 px wide: each has the 320, 640, 1080 and 1600 variants. */
const PHOTOS = ['autumn-mountain-meadow.jpg', 'lakeside-jetty-planks.jpg', 'rowing-boats-sunset.jpg']

describe('media display on a phone', () => {
  test('the rate screen shows a variant for a 390-px DPR-3 screen over its placeholder, and a vote shifts no layout', async () => {
    await seedUploads(app.server, PHOTOS)
    // No service worker: page.route does not see the requests a worker answers, and on a loaded machine the worker
    // registered by this first load could take the page over before the variants are asked for (they would not be held).
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, serviceWorkers: 'block' })
    await context.addInitScript(() => {
      const w = window as Window & { layoutShift?: number }
      w.layoutShift = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.layoutShift! += (entry as PerformanceEntry & { value: number }).value
      }).observe({ type: 'layout-shift', buffered: true })
    })
    const page = await context.newPage()
    const fileRequests: string[] = []
    page.on('request', (r) => r.url().includes('/api/media/file/') && fileRequests.push(new URL(r.url()).pathname))
    // Variants wait until the placeholder has been seen.
    const held: Route[] = []
    let release = false
    await page.route(/\/api\/media\/file\/.*\/w\d+\.webp$/, (route) => (release ? route.continue() : void held.push(route)))

    // Not until the load event, which waits for the held variant (the page's preview of the photo asks for it too).
    await page.goto(`${app.server.url}/`, { waitUntil: 'domcontentloaded' })
    const box = page.getByRole('button', { name: 'Open full-screen viewer' })
    const img = box.locator('img')
    await img.waitFor({ state: 'attached' })
    await page.waitForFunction(() => document.querySelectorAll('button[aria-label="Open full-screen viewer"] img').length === 1)
    const before = await box.evaluate((b) => {
      const holder = b.querySelector('canvas[data-placeholder]') as HTMLCanvasElement | null
      const image = b.querySelector('img')!
      const pixels = holder?.getContext('2d')?.getImageData(0, 0, holder.width, holder.height).data ?? []
      const rect = holder?.getBoundingClientRect()
      return {
        painted: pixels.length > 0 && pixels[3] === 255,
        covers: rect?.width === b.getBoundingClientRect().width,
        complete: image.complete && image.naturalWidth > 0,
        width: b.getBoundingClientRect().width,
        height: b.getBoundingClientRect().height,
      }
    })
    // The placeholder is painted (opaque thumbhash pixels) over the whole box while the image is still on its way.
    expect([before.painted, before.covers]).toEqual([true, true])
    expect(before.complete).toBe(false)
    // The box is already the photo's shape: 358 px (390 less the page padding) by its aspect ratio.
    expect(before.width).toBeCloseTo(358, 0)
    expect(before.height).toBeGreaterThan(200)

    release = true
    for (const route of held.splice(0)) await route.continue()
    await page.waitForFunction(() => {
      const image = document.querySelector('button[aria-label="Open full-screen viewer"] img') as HTMLImageElement | null
      return !!image?.complete && image.naturalWidth > 0
    })
    // 358 CSS px x 3 = 1074 device px: the 1080-px variant, the narrowest at least that wide.
    const shown = await img.evaluate((i) => (i as HTMLImageElement).currentSrc)
    expect(new URL(shown).pathname).toMatch(/\/w1080\.webp$/)
    const after = await box.evaluate((b) => ({ width: b.getBoundingClientRect().width, height: b.getBoundingClientRect().height }))
    // The same box, to the pixel (the box's width is a min() of the column and a rounded length, so sub-pixel rounding may differ).
    expect(Math.abs(after.width - before.width)).toBeLessThan(1)
    expect(Math.abs(after.height - before.height)).toBeLessThan(1)

    // A vote: the figures show, then the next item takes the same box without moving anything.
    await page.evaluate(() => ((window as Window & { layoutShift?: number }).layoutShift = 0))
    const firstSrc = await img.getAttribute('src')
    await page.keyboard.press('h')
    await page.waitForFunction((prev) => {
      const image = document.querySelector('button[aria-label="Open full-screen viewer"] img') as HTMLImageElement | null
      return image !== null && image.getAttribute('src') !== prev && image.complete && image.naturalWidth > 0
    }, firstSrc)
    // Two frames for any late layout shift to be reported.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    expect(await page.evaluate(() => (window as Window & { layoutShift?: number }).layoutShift)).toBe(0)

    // Only variants were fetched, the prefetch of the other photos too: the 1080-px one each, never an uploaded JPEG.
    expect(new Set(fileRequests).size).toBe(PHOTOS.length)
    expect(fileRequests.filter((p) => !/\/w1080\.webp$/.test(p))).toEqual([])
    await context.close()
  })
})
