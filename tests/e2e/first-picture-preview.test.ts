/**
 * Story: a visitor opens / and sees the first photo before the app has even arrived. The page holds the first item's
 * picture as a preview at the place and size of the rate screen's box; the app's code is asked for once that picture
 * has loaded, and when the app's own picture has painted over it, at the very same place and size, the preview goes.
 * The preview is the page's one largest paint: nothing the app paints later is larger. On a phone over a slow mobile
 * network (Lighthouse's profile), and on a desktop.
 */
import { describe, expect, test } from 'bun:test'
import type { BrowserContextOptions, Page } from 'playwright-core'
import { FIRST_PICTURE_PREVIEW_ATTRIBUTE } from '@contract/first-screen'
import { useServerAndBrowser } from '../support/browser'
import { seedUploads } from '../support/seed'
import { onSlowPhoneNetwork, PHONE, type TimedRequest } from '../support/main-thread-trace'

const app = useServerAndBrowser()

const PREVIEW = `[${FIRST_PICTURE_PREVIEW_ATTRIBUTE}]`
const BOX_IMG = 'button[aria-label="Open full-screen viewer"] img'

type Rect = { x: number; y: number; width: number; height: number }
type Observed = {
  /** Each LCP entry: whether its element was the preview's picture, and its size (px²). */
  lcp: { preview: boolean; size: number }[]
  /** The preview's picture and the app's, measured at each change of the page while both were in it. */
  pairs: { preview: Rect; app: Rect }[]
}

/** Records, from the page's start, the LCP entries and the preview's and the app's picture rects while both are in the page. */
async function observe(page: Page): Promise<void> {
  await page.addInitScript(
    ({ preview, box }) => {
      const seen: Observed = { lcp: [], pairs: [] }
      ;(window as unknown as { observed: Observed }).observed = seen
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { element: Element | null; size: number })[])
          seen.lcp.push({ preview: Boolean(e.element?.closest(preview)), size: e.size })
      }).observe({ type: 'largest-contentful-paint', buffered: true })
      const rect = (el: Element) => {
        const { x, y, width, height } = el.getBoundingClientRect()
        return { x, y, width, height }
      }
      const measure = () => {
        const p = document.querySelector(`${preview} img`)
        const a = document.querySelector<HTMLImageElement>(box)
        if (p && a?.complete && a.naturalWidth > 0) seen.pairs.push({ preview: rect(p), app: rect(a) })
      }
      document.addEventListener('DOMContentLoaded', () =>
        new MutationObserver(measure).observe(document.body, { subtree: true, childList: true, attributes: true }),
      )
      // The app's picture may finish loading with no change to the page's tree: measure on its load too.
      document.addEventListener('load', (e) => (e.target as Element).matches?.(box) && measure(), true)
    },
    { preview: PREVIEW, box: BOX_IMG },
  )
}

/** Opens / in a new context of options, waits until the preview is gone and the app's picture shows, and answers what the page saw. */
async function openAndWatch(options: BrowserContextOptions, prepare?: (page: Page) => Promise<void>) {
  const context = await app.browser.newContext({ ...options, serviceWorkers: 'block' })
  const page = await context.newPage()
  await observe(page)
  await prepare?.(page)
  await page.goto(`${app.server.url}/`)
  await page.waitForFunction(
    ({ preview, box }) => !document.querySelector(preview) && document.querySelector<HTMLImageElement>(box)?.complete === true,
    { preview: PREVIEW, box: BOX_IMG },
  )
  const observed = await page.evaluate(() => (window as unknown as { observed: Observed }).observed)
  return { context, page, observed }
}

/** Expects the app's picture to have covered the preview's exactly, and the preview to be the page's largest paint. */
function expectHandOver(observed: Observed): void {
  expect(observed.pairs.length).toBeGreaterThan(0)
  for (const { preview, app } of observed.pairs) expect(preview).toEqual(app)
  const images = observed.lcp.filter((e) => e.size > 0)
  expect(images.length).toBeGreaterThan(0)
  expect(images.at(-1)?.preview).toBe(true)
}

describe('the first picture shown before the app', () => {
  test('on a slow phone, the preview shows the photo, the app is asked for once it has loaded, and takes its place exactly', async () => {
    await seedUploads(app.server, ['autumn-mountain-meadow.jpg'])
    let requests = new Map<string, TimedRequest>()
    const { context, page, observed } = await openAndWatch(PHONE, async (page) => {
      requests = await onSlowPhoneNetwork(page)
    })
    expectHandOver(observed)
    const list = [...requests.values()]
    const picture = list.find((r) => r.url.includes('/api/media/file/'))
    const appScript = list.find((r) => /\/assets\/app-[^/]+\.js$/.test(r.url))
    expect(picture?.end).toBeDefined()
    // The picture's bytes have the connection to themselves: the app's code is asked for once the picture has loaded.
    expect(appScript!.start).toBeGreaterThanOrEqual(picture!.end!)
    await expect(page.getByRole('button', { name: /hot/i }).first().isVisible()).resolves.toBe(true)
    await context.close()
  })

  test('on a desktop, the first item is previewed at the place and size of the rate screen box', async () => {
    await seedUploads(app.server, ['dandelion-clocks-portrait.jpg'])
    // A new visitor: the first item is the landscape or the portrait photo.
    const { context, observed } = await openAndWatch({ viewport: { width: 1280, height: 800 } })
    expectHandOver(observed)
    await context.close()
  })
})
