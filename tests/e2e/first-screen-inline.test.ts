/**
 * Story: a new visitor opens / on a phone over a slow mobile network (Lighthouse's profile: 150 ms round trips,
 * 1.6 Mbit/s). The page the server sends already holds the first queue (the page creates no visitor: the app starts
 * the session with POST /api/session) and preloads the first photo, so the photo is requested while the app's script
 * is still downloading, the client asks neither POST /api/session nor GET /api/media/queue before the photo, and the
 * screen shows the first item of that queue from the one file the preload fetched (its variant choice matches the screen's and the offline prefetch's).
 */
import { describe, expect, test } from 'bun:test'
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenData } from '@contract/first-screen'
import { useServerAndBrowser } from '../support/browser'
import { seedUploads } from '../support/seed'
import { onSlowPhoneNetwork, PHONE } from '../support/main-thread-trace'
import { fileFor } from '@client/lib/media-variants'
import { mediaBoxWidth, mediaHeightFor } from '@client/features/votes/hooks/use-media-height'

const app = useServerAndBrowser()

const PHOTOS = ['autumn-mountain-meadow.jpg', 'dandelion-clocks-portrait.jpg', 'forest-path-portrait.png']
const BOX_IMG = 'button[aria-label="Open full-screen viewer"] img'

describe('first screen written into the page', () => {
  test("the first photo is asked for before the app script has arrived, with no session or queue call before it, and the queue is the new visitor's", async () => {
    await seedUploads(app.server, PHOTOS)
    // No service worker: its cached index.html would hold no first screen, and CDP would not see the requests it answers.
    const context = await app.browser.newContext({ ...PHONE, serviceWorkers: 'block' })
    const page = await context.newPage()
    // Every request in the order chromium sends them, with its start and (once it has arrived) end time, s.
    const requests = await onSlowPhoneNetwork(page)

    await page.goto(`${app.server.url}/`)
    const img = page.locator(BOX_IMG)
    await page.waitForFunction((selector) => document.querySelector<HTMLImageElement>(selector)?.complete === true, BOX_IMG)
    const data = JSON.parse((await page.locator(`#${FIRST_SCREEN_ELEMENT_ID}`).textContent()) ?? 'null') as FirstScreenData
    expect(data.queue.length).toBe(PHOTOS.length)
    const first = data.queue[0]
    const shown = new URL(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).pathname
    // The file the offline prefetch would warm for this box is the one the preload fetched and the screen shows.
    const { width, height } = PHONE.viewport
    expect(shown).toBe(fileFor(first, mediaBoxWidth(first, width, mediaHeightFor(width, height)), PHONE.deviceScaleFactor, false).url)

    const list = [...requests.values()]
    const appScript = list.find((r) => /\/assets\/app-[^/]+\.js$/.test(r.url))!
    const firstFiles = list.filter((r) => first.variants.some((v) => r.url.endsWith(v.url)) || r.url.endsWith(first.url))
    // One file of the first item: the preload's, which the screen's <img srcset sizes> took.
    expect(firstFiles.map((r) => new URL(r.url).pathname)).toEqual([shown])
    expect(appScript.end).toBeDefined()
    expect(firstFiles[0].start).toBeLessThan(appScript.end!)
    // The queue came with the page: no queue call before the photo. A new visitor's page names no visitor (the page
    // creates none): the app starts its session with one call, after the photo was asked for.
    expect(data.session).toBeNull()
    expect(list.filter((r) => r.url.includes('/api/media/queue/') && r.start < firstFiles[0].start)).toEqual([])
    const sessionCalls = list.filter((r) => r.url.endsWith('/api/session'))
    expect(sessionCalls.length).toBe(1)
    expect(sessionCalls[0].start).toBeGreaterThan(firstFiles[0].start)
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('hotvote.session') ?? 'null')?.sessionId)).toMatch(/^[0-9a-z]{32}$/)
    await expect(page.getByRole('button', { name: /hot/i }).first().isVisible()).resolves.toBe(true)
    await context.close()
  })
})
