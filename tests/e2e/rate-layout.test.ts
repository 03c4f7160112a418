/**
 * Stories: on a 390x844 phone the photo, the Hot and Not buttons, Skip and the stats panel all
 * sit above the bottom bar at first view; a landscape photo fills the column's width in a box of its own shape (no tall
 * black box) and a portrait photo is as tall as the media height allows. The full-screen viewer's code loads only when
 * it is opened, and it still opens, closes on Escape and gives focus back.
 */
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { useServerAndBrowser } from '../support/browser'
import { seedUploads } from '../support/seed'

const app = useServerAndBrowser()

/** The bounding box of the element locator finds, in CSS px. */
const box = async (page: Page, selector: Parameters<Page['getByRole']>) => (await page.getByRole(...selector).boundingBox())!

/** A fresh phone-sized page on `/` showing the uploaded photo. */
async function phoneRateScreen(): Promise<Page> {
  const page = await (await app.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage()
  await page.goto(`${app.server.url}/`)
  await page.getByRole('img', { name: 'Photo to rate' }).waitFor()
  await page.getByRole('region', { name: 'Vote statistics' }).waitFor()
  return page
}

describe('the rate screen on a phone', () => {
  test('a landscape photo fills the width without a tall black box, and everything fits above the bottom bar', async () => {
    await seedUploads(app.server, ['water-droplet-splash.png']) // 1280x800
    const page = await phoneRateScreen()
    const frame = await box(page, ['button', { name: 'Open full-screen viewer' }])
    const column = await box(page, ['button', { name: 'Skip this photo' }])
    expect(Math.abs(frame.width - column.width)).toBeLessThanOrEqual(1)
    expect(Math.abs(frame.height - (frame.width * 800) / 1280)).toBeLessThanOrEqual(2)
    const bar = await box(page, ['navigation', { name: 'Bottom navigation' }])
    for (const name of ['Hot', 'Not', 'Skip this photo'])
      expect((await box(page, ['button', { name, exact: true }])).y + 40).toBeLessThanOrEqual(bar.y)
    const stats = await box(page, ['region', { name: 'Vote statistics' }])
    expect(stats.y + stats.height).toBeLessThanOrEqual(bar.y)
    await page.context().close()
  })

  test('a portrait photo keeps its shape at the media height, still above the bottom bar; the viewer loads on demand', async () => {
    await seedUploads(app.server, ['forest-path-portrait.png']) // 600x900
    const page = await phoneRateScreen()
    // Vote the landscape one away if it is shown first, so the portrait one is on screen.
    if ((await page.getByRole('button', { name: 'Open full-screen viewer' }).boundingBox())!.width > 340) {
      await page.getByRole('button', { name: 'Hot', exact: true }).click()
      await page.waitForFunction(
        () => (document.querySelector('[aria-label="Open full-screen viewer"]')?.getBoundingClientRect().width ?? 999) < 340,
      )
    }
    const frame = await box(page, ['button', { name: 'Open full-screen viewer' }])
    expect(Math.abs(frame.height - (Math.round(844 * 0.55) - 10))).toBeLessThanOrEqual(2)
    expect(Math.abs(frame.width - (frame.height * 600) / 900)).toBeLessThanOrEqual(2)
    const bar = await box(page, ['navigation', { name: 'Bottom navigation' }])
    const stats = await box(page, ['region', { name: 'Vote statistics' }])
    expect(stats.y + stats.height).toBeLessThanOrEqual(bar.y)

    const scripts: string[] = []
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()))
    await page.getByRole('button', { name: 'Open full-screen viewer' }).click()
    await page.getByRole('dialog', { name: 'Full-screen viewer' }).waitFor()
    expect(scripts.some((url) => /full-screen-viewer/.test(url))).toBe(true)
    await page.keyboard.press('Escape')
    await page.getByRole('dialog', { name: 'Full-screen viewer' }).waitFor({ state: 'detached' })
    // Radix gives focus back in a task after the dialog's unmount, so the test waits for it rather than reading at once.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Open full-screen viewer', undefined, {
      timeout: 10_000,
    })
    await page.context().close()
  })
})
