/**
 * Story: the site stops answering (a database restart answers 503 with Retry-After) while a visitor rates the last
 * items it holds, either at the queue or, after a queue with no items, at the random pick that tells an empty site from
 * a rated-all one. The screen shows the load error of public-visitor §2 (Rate screen), then, once the site answers
 * again, the next item by itself: the visitor does not have to find the 'Refresh for more images' button. So too when the
 * items' files fail (the bucket away): the items are passed over, then offered again once the load error asks again.
 */
import { describe, expect, test } from 'bun:test'
import type { Browser, Page, Route } from 'playwright-core'
import { join } from 'node:path'
import { FIXTURES, type TestServer, useServerAndBrowser } from '../support/browser'
import { waitForReveal } from '../support/rate-screen'
import { waitFor } from '../support/process-checks'

const RATED_ALL = 'You have rated all the media we have right now - check back soon for more!'

/** Waits until an item not voted on yet is on screen, ready to rate (its total is 0, Hot is enabled). */
const waitForNewItem = (page: Page, timeout = 30_000) =>
  page.waitForFunction(
    () =>
      document.querySelector('[data-testid="total-votes"]')?.textContent === '0' &&
      [...document.querySelectorAll('button')].some((b) => /Hot$/.test(b.textContent ?? '') && b.getAttribute('aria-disabled') === 'false'),
    undefined,
    { timeout },
  )

/** The upload page in a context of its own; the function it answers uploads fixtures by name and waits for each to be 'Uploaded'. */
async function openUploader(app: { server: TestServer; browser: Browser }): Promise<(names: string[]) => Promise<void>> {
  const uploader = await (await app.browser.newContext()).newPage()
  await uploader.goto(`${app.server.url}/upload`)
  return async (names) => {
    await uploader.getByLabel('Choose files').setInputFiles(names.map((f) => join(FIXTURES, f)))
    await uploader.getByRole('button', { name: 'Upload All' }).click()
    for (const name of names)
      await uploader
        .getByRole('listitem', { name: new RegExp(name.split('.')[0]) })
        .getByText('Uploaded')
        .waitFor({ timeout: 30_000 })
  }
}

const unavailable = (route: Route) =>
  route.fulfill({ status: 503, headers: { 'Retry-After': '1' }, json: { error: 'Service temporarily unavailable' } })

/** How the site fails, per case: the calls it fails, by URL, and the answer each gets while it fails. */
const failures: { name: string; fail: [RegExp, (route: Route) => Promise<void>][] }[] = [
  { name: 'the queue answers 503', fail: [[/\/api\/media\/queue\//, unavailable]] },
  {
    name: 'the queue answers no items and the random pick 503',
    fail: [
      [/\/api\/media\/queue\//, (route) => route.fulfill({ json: [] })],
      [/\/api\/media\/random\//, unavailable],
    ],
  },
]

for (const { name, fail } of failures)
  describe(`rate screen after a load error: ${name}`, () => {
    const app = useServerAndBrowser()

    test('shows the load error while the site fails, then the next item by itself once it answers again', async () => {
      const uploadFiles = await openUploader(app)
      await uploadFiles(['autumn-mountain-meadow.jpg', 'colorful-cups.png'])

      const visitor = await (await app.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
      let failing = false
      let answered503 = 0
      for (const [url, answer] of fail)
        await visitor.route(url, async (route) => {
          if (!failing) return route.fallback()
          if (answer === unavailable) answered503++
          await answer(route)
        })
      await visitor.goto(`${app.server.url}/`)
      await waitForNewItem(visitor)
      failing = true
      for (const hot of [true, false]) {
        await waitForNewItem(visitor)
        await visitor.keyboard.press(hot ? 'h' : 'n')
        await waitForReveal(visitor, hot ? '100% Hot, 0% Not' : '0% Hot, 100% Not', '1')
      }
      await visitor.getByText(RATED_ALL).waitFor()
      await visitor.getByRole('button', { name: 'Refresh for more images' }).waitFor()

      // While the site still fails, the screen keeps asking by itself.
      const failedBefore = answered503
      await waitFor('the screen to ask again after its load error', () => answered503 > failedBefore, 30_000)

      await uploadFiles(['red-marigold.webp'])
      failing = false
      await waitForNewItem(visitor, 60_000)
      expect(await visitor.getByText(RATED_ALL).count()).toBe(0)
      await visitor.keyboard.press('h')
      await waitForReveal(visitor, '100% Hot, 0% Not', '1')
    })
  })

describe('rate screen after a load error: the media files answer 503', () => {
  const app = useServerAndBrowser()

  test('passes over items whose file fails, shows the load error, then offers them again by itself once they load', async () => {
    await (await openUploader(app))(['autumn-mountain-meadow.jpg', 'colorful-cups.png'])
    // No service worker: every file request of the page meets the route, none is answered from the worker's cache.
    const visitor = await (await app.browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' })).newPage()
    let failing = true
    let answered503 = 0
    await visitor.route(/\/api\/media\/file\//, async (route) => {
      if (!failing) return route.fallback()
      answered503++
      await unavailable(route)
    })
    await visitor.goto(`${app.server.url}/`)
    // Both files fail: the items are passed over, and with only them left the screen shows the load error...
    await visitor.getByText(RATED_ALL).waitFor({ timeout: 30_000 })
    // ...and tries them again by itself while the files still fail.
    const failedBefore = answered503
    await waitFor('the screen to offer the items again after its load error', () => answered503 > failedBefore, 30_000)

    failing = false
    for (const hot of [true, false]) {
      await waitForNewItem(visitor, 60_000)
      await visitor.keyboard.press(hot ? 'h' : 'n')
      await waitForReveal(visitor, hot ? '100% Hot, 0% Not' : '0% Hot, 100% Not', '1')
    }
  })
})
