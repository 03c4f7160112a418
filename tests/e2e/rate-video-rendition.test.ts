/**
 * Story: a video on the rate screen plays the file its box needs, as a srcset would choose: on a phone (and under
 * Data Saver on any screen) its small rendition, `<stem>/small.mp4`; on a large screen, and in the full-screen viewer
 * there, its own file.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import type { BrowserContextOptions, Page } from 'playwright-core'
import { useServerAndBrowser } from '../support/browser'
import { seedUploads } from '../support/seed'
import { PHONE } from '../support/main-thread-trace'

const app = useServerAndBrowser()
let clip: { url: string; smallVideo: { url: string } | null }
beforeAll(async () => {
  clip = (await seedUploads(app.server, ['forest-path-zoom.mp4'])).media[0]
})

const pathOf = (url: string) => new URL(url, app.server.url).pathname
const BOX_VIDEO = 'button[aria-label="Open full-screen viewer"] video'

/** The path of the file the video element matching selector on page plays, once it has chosen one. */
async function playedPath(page: Page, selector: string): Promise<string> {
  const handle = await page.waitForFunction((s) => (document.querySelector(s) as HTMLVideoElement | null)?.currentSrc || false, selector, {
    timeout: 30_000,
  })
  return pathOf((await handle.jsonValue()) as string)
}

/** A new page of options opened on `/` (with Data Saver on when saveData). */
async function open(options: BrowserContextOptions, saveData = false): Promise<Page> {
  const context = await app.browser.newContext(options)
  if (saveData) await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }))
  const page = await context.newPage()
  await page.goto(`${app.server.url}/`)
  return page
}

describe('the video a rate screen plays', () => {
  test('a phone-sized page plays the small rendition', async () => {
    expect(clip.smallVideo?.url).toMatch(/\/small\.mp4$/)
    const page = await open(PHONE)
    expect(await playedPath(page, BOX_VIDEO)).toBe(pathOf(clip.smallVideo!.url))
    await page.context().close()
  })

  test('a large screen plays the original, in the box and in the full-screen viewer; under Data Saver the small rendition', async () => {
    const desktop = { viewport: { width: 1920, height: 1080 } }
    const page = await open(desktop)
    expect(await playedPath(page, BOX_VIDEO)).toBe(pathOf(clip.url))
    await page.getByRole('button', { name: 'Open full-screen viewer' }).click()
    expect(await playedPath(page, '[role="dialog"] video')).toBe(pathOf(clip.url))
    await page.context().close()
    const saving = await open(desktop, true)
    expect(await playedPath(saving, BOX_VIDEO)).toBe(pathOf(clip.smallVideo!.url))
    await saving.context().close()
  })
})
