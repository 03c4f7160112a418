/**
 * Story: a visitor opens the upload page while the app's code cannot be fetched (the front door answers 503 for its
 * start chunk, as during a restart). The page, left on the server's first paint, loads itself again (lib/start-retry.ts)
 * and, the chunk answering again, the upload screen starts: its file chooser is there without the visitor reloading by
 * hand.
 */
import { expect, test } from 'bun:test'
import { useServerAndBrowser } from '../support/browser'

const app = useServerAndBrowser()

test('a page whose start chunk cannot be fetched loads itself again and starts once it can', async () => {
  const page = await (await app.browser.newContext()).newPage()
  let failing = true
  await page.route(/\/assets\/start-[^/]+\.js$/, (route) =>
    failing
      ? route.fulfill({ status: 503, headers: { 'Retry-After': '2' }, json: { error: 'The service is restarting; try again shortly' } })
      : route.fallback(),
  )
  const failedStart = page.waitForEvent('console', { predicate: (m) => m.text().startsWith('the app could not start'), timeout: 60_000 })
  await page.goto(`${app.server.url}/upload`)
  await failedStart
  expect(await page.getByLabel('Choose files').count()).toBe(0)

  failing = false
  await page.waitForEvent('load', { timeout: 60_000 })
  await page.getByLabel('Choose files').waitFor({ state: 'attached', timeout: 60_000 })
  // The start that succeeded reset the count: a later failure waits the first delay again.
  expect(await page.evaluate(() => sessionStorage.getItem('hotvote.failedStarts'))).toBeNull()
})
