/**
 * Stories that need the service worker and the outbox together: after a first vote online the whole queue can be
 * rated offline, until the screen says everything saved for offline use is rated; votes and an upload made offline
 * survive reloads while offline and reach the server once; a video prefetched while online plays offline; with no app tab
 * open, the service worker's Background Sync replays the outbox. The network is switched off by the test.
 */
import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { FIXTURES, STILL_PHOTOS, useServerAndBrowser } from '../support/browser'
import { seedUploads } from '../support/seed'
import { waitForMediaCache, waitForServiceWorker } from '../support/pwa'
import { countRows, eventually, withServerDb } from '../support/server-db'
import { voteHotWhileWaiting } from '../support/rate-screen'

const app = useServerAndBrowser()
const DESKTOP = { viewport: { width: 1280, height: 900 } }

/** Counts rows of the server's SQLite file with sql and one id argument. */
const count = (sql: string, id: number) => countRows(app.server, sql, id)
const votesOf = (userId: number) => count('select count(*) as n from votes where user_id = ?', userId)

/**
 * Opens / in context, waits for the service worker and reloads, so the rate screen's files go through it; answers
 * the page and user id. The queue's files after the next two are warmed only after the first vote, or a few seconds
 * after the first item showed (docs/offline.md): each story waits for the media cache itself.
 */
async function openControlled(context: BrowserContext): Promise<{ page: Page; userId: number }> {
  const page = await context.newPage()
  await page.goto(`${app.server.url}/`)
  await page.getByRole('button', { name: /Hot$/ }).waitFor()
  await waitForServiceWorker(page)
  const userId = await page.evaluate(async () => ((await (await fetch('/api/session')).json()) as { id: number }).id)
  // Files fetched before the worker took control are not in its cache: reload so the queue warms them through it.
  await page.reload()
  await page.getByRole('button', { name: /Hot$/ }).waitFor()
  return { page, userId }
}

describe('offline replay with the service worker', () => {
  test('after one vote online, the queue rated offline with reloads in between, and an upload, reach the server exactly once', async () => {
    await seedUploads(app.server, STILL_PHOTOS.slice(0, 7))
    const context = await app.browser.newContext(DESKTOP)
    const { page, userId } = await openControlled(context)
    // The first vote opens the warming of the whole queue: every item's file reaches the media cache.
    await page.getByRole('button', { name: /Hot$/ }).click()
    await eventually(() => votesOf(userId), 1)
    await waitForMediaCache(page, (urls) => urls.length >= 7)

    await context.setOffline(true)
    for (let i = 1; i <= 3; i++) await voteHotWhileWaiting(page, i)
    await page.reload()
    await page.getByText('3 votes waiting to sync').waitFor()
    for (let i = 4; i <= 5; i++) await voteHotWhileWaiting(page, i)
    // The last item saved for offline use: the screen then says so.
    await page.getByRole('button', { name: /Hot$/ }).click()
    await page.getByText('6 votes waiting to sync').waitFor()
    await page.getByText('You have rated everything saved for offline use. More will load when you are back online.').waitFor()

    await page.goto(`${app.server.url}/upload`)
    await page.getByLabel('Choose files').setInputFiles(join(FIXTURES, 'tabby-cat.png'))
    await page.getByRole('button', { name: 'Upload tabby-cat.png' }).click()
    await page.getByRole('listitem', { name: 'tabby-cat.png' }).getByText('Waiting for connection').waitFor()
    await page.reload()
    const queued = page.getByRole('listitem', { name: 'tabby-cat.png' })
    await queued.getByText('Waiting for connection').waitFor()
    expect(votesOf(userId)).toBe(1)

    await context.setOffline(false)
    await queued.getByText('Uploaded').waitFor({ timeout: 15_000 })
    await eventually(() => votesOf(userId), 7)
    expect(count('select count(distinct media_id) as n from votes where user_id = ?', userId)).toBe(7)
    expect(count('select count(*) as n from media where user_id = ?', userId)).toBe(1)
    await context.close()
  })

  test('a video prefetched while online plays offline', async () => {
    await seedUploads(app.server, ['kite-sky-portrait.mp4'])
    const context = await app.browser.newContext(DESKTOP)
    // The visitor has rated everything but the video, so it is the one item in their queue.
    const { page, userId } = await openControlled(context)
    withServerDb(app.server, (db) =>
      db.run(
        "insert into votes (user_id, media_id, is_hot, created_at) select ?, id, 1, '2026-11-22T00:00:00.000Z' from media where mime_type not like 'video/%'",
        [userId],
      ),
    )
    await page.reload()
    // The file the rate screen plays (the original or the small rendition, chosen by the box's width) is the one cached.
    const video = page.locator('video[aria-label="Video to rate"]')
    const src = await video.evaluate((v) => (v as HTMLVideoElement).src)
    await waitForMediaCache(page, (urls) => urls.includes(src))

    await context.setOffline(true)
    await page.reload()
    await page.waitForFunction(() => {
      const v = document.querySelector('video[aria-label="Video to rate"]') as HTMLVideoElement | null
      return v !== null && v.readyState >= 3 && v.currentTime > 0
    })
    expect(await video.evaluate((v) => (v as HTMLVideoElement).src)).toBe(src)
    await context.close()
  })

  test('with every app tab closed, Background Sync in the service worker replays the outbox', async () => {
    await seedUploads(app.server, ['lakeside-jetty-planks.jpg', 'red-marigold.webp', 'paint-brushes.gif'])
    const context = await app.browser.newContext(DESKTOP)
    const { page, userId } = await openControlled(context)
    // No vote yet: the rest of the queue is warmed a few seconds after the first item showed.
    await waitForMediaCache(page, (urls) => urls.length >= 3)
    await context.setOffline(true)
    for (let i = 1; i <= 2; i++) await voteHotWhileWaiting(page, i)
    await page.close()

    // No page of the app is open any more: only the service worker can send the votes.
    const blank = await context.newPage()
    const cdp = await context.newCDPSession(blank)
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL.startsWith(app.server.url) && !r.isDeleted)
        if (ours) resolve(ours.registrationId)
      }),
    )
    await cdp.send('ServiceWorker.enable')
    expect(votesOf(userId)).toBe(0)
    await context.setOffline(false)
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: app.server.url,
      registrationId: await registrationId,
      tag: 'hotvote-outbox',
      lastChance: false,
    })
    await eventually(() => votesOf(userId), 2)
    await context.close()
  })
})
