/**
 * Story: a visitor on a bad connection keeps rating prefetched items and uploading while offline; the
 * IndexedDB outbox delivers every vote and upload exactly once when the network returns, also with two tabs open,
 * and a vote the server refuses is reported, never dropped silently. The network is switched off by the test.
 */
import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import type { BrowserContext, Page, Request } from 'playwright-core'
import { FIXTURES, useServerAndBrowser } from '../support/browser'
import { waitForServiceWorker } from '../support/pwa'
import { seedUploads } from '../support/seed'
import { countRows, eventually, withServerDb } from '../support/server-db'
import { waitFor } from '../support/process-checks'

const app = useServerAndBrowser()

const IMAGES = [
  'autumn-mountain-meadow.jpg',
  'colorful-cups.png',
  'dandelion-clocks-portrait.jpg',
  'fig-in-red-bowl-square.jpg',
  'forest-path-portrait.png',
  'forest-stream-cascade.jpg',
  'kite-in-blue-sky-portrait.jpg',
  'lakeside-jetty-planks.jpg',
  'ladybird-forget-me-nots-portrait.webp',
  'red-marigold.webp',
  'spaniels-at-window-portrait.jpg',
  'paint-brushes.gif',
]
const MEDIA = 'button[aria-label="Open full-screen viewer"] img'

/** Counts rows of the server's SQLite file with sql and args. */
const count = (sql: string, ...args: number[]) => countRows(app.server, sql, ...args)

/** A visitor's page on / with an item on screen; answers the page and the visitor's id. */
async function openRateScreen(context: BrowserContext): Promise<{ page: Page; userId: number }> {
  const page = await context.newPage()
  await page.goto(`${app.server.url}/`)
  await page.getByRole('img', { name: '0% Hot, 0% Not' }).waitFor()
  const userId = await page.evaluate(async () => ((await (await fetch('/api/session')).json()) as { id: number }).id)
  return { page, userId }
}

/** Waits until the files of at least n distinct media items have been fetched (the prefetched queue). */
async function waitForPrefetch(page: Page, n: number) {
  await page.waitForFunction(
    (n) =>
      new Set(performance.getEntriesByType('resource').flatMap((e) => (e.name.includes('/api/media/file/') ? [e.name] : []))).size >= n,
    n,
  )
}

/** Votes Hot on the item on screen (which must have loaded) and waits for the next, different item to load. */
async function voteHot(page: Page) {
  const src = await page.locator(MEDIA).getAttribute('src')
  await page.waitForFunction((sel) => ((document.querySelector(sel) as HTMLImageElement | null)?.naturalWidth ?? 0) > 0, MEDIA)
  await page.getByRole('button', { name: /Hot$/ }).click()
  await page.getByRole('img', { name: '100% Hot, 0% Not' }).waitFor()
  await page.waitForFunction(
    ({ sel, src }) => {
      const img = document.querySelector(sel) as HTMLImageElement | null
      return img !== null && img.getAttribute('src') !== src && img.complete && img.naturalWidth > 0
    },
    { sel: MEDIA, src },
  )
}

/** Waits until the page's IndexedDB outbox is empty (a view queued for the item on screen may still be on its way). */
const outboxEmptied = (page: Page) => eventually(() => outboxSize(page), 0)

/** The number of items in the page's IndexedDB outbox. */
const outboxSize = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('hotvote-outbox')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const req = open.result.transaction('items').objectStore('items').count()
          req.onsuccess = () => (resolve(req.result), open.result.close())
        }
      }),
  )

describe('offline outbox', () => {
  test('5 votes and 1 upload made offline reach the server exactly once when the network returns', async () => {
    await seedUploads(app.server, IMAGES)
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const { page, userId } = await openRateScreen(context)
    // The item on screen and at least 10 more are in the cache before the network goes.
    await waitForPrefetch(page, 11)
    // The service worker precaches the app, the upload screen's code too, so that screen also opens offline.
    await waitForServiceWorker(page)

    await context.setOffline(true)
    for (let i = 0; i < 5; i++) await voteHot(page)
    await page.getByText('5 votes waiting to sync').waitFor()
    expect(count('select count(*) as n from votes where user_id = ?', userId)).toBe(0)

    await page.getByRole('link', { name: 'Upload Media' }).click()
    await page.getByLabel('Choose files').setInputFiles(join(FIXTURES, 'tabby-cat.png'))
    await page.getByRole('button', { name: 'Upload tabby-cat.png' }).click()
    const queued = page.getByRole('listitem', { name: 'tabby-cat.png' })
    await queued.getByText('Waiting for connection').waitFor()

    await context.setOffline(false)
    await queued.getByText('Uploaded').waitFor()
    await page.getByText('Your media has been uploaded successfully!').first().waitFor()
    await eventually(() => count('select count(*) as n from votes where user_id = ?', userId), 5)
    expect(count('select count(*) as n from media where user_id = ?', userId)).toBe(1)
    expect(count('select count(distinct media_id) as n from votes where user_id = ?', userId)).toBe(5)
    await page.getByRole('link', { name: 'Rate Photos' }).click()
    await page.getByRole('img', { name: '0% Hot, 0% Not' }).waitFor()
    expect(await page.getByText(/waiting to sync/).count()).toBe(0)
    await outboxEmptied(page)
    await context.close()
  })

  test('two tabs replaying the same outbox send each vote once', async () => {
    await seedUploads(app.server, ['yellow-daisy.webp', 'water-droplet-splash.png', 'wooden-plank-closeup.jpg', 'storm-over-highway.jpg'])
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const { page: first, userId } = await openRateScreen(context)
    const second = await context.newPage()
    await second.goto(`${app.server.url}/`)
    await second.getByRole('img', { name: '0% Hot, 0% Not' }).waitFor()
    // Before the first vote the screen warms the next two items only (docs/offline.md): two can be rated offline.
    await waitForPrefetch(first, 3)

    await context.setOffline(true)
    // Background tabs have their timers throttled; the visitor looks at the first one.
    await first.bringToFront()
    for (let i = 0; i < 2; i++) await voteHot(first)
    // The other tab sees the same outbox.
    await second.getByText('2 votes waiting to sync').waitFor()
    const votePosts: Request[] = []
    const seen = new Set<string>()
    context.on('request', (r) => {
      seen.add(r.url())
      if (r.method() === 'POST' && r.url().endsWith('/api/votes')) votePosts.push(r)
    })

    await context.setOffline(false)
    await first.getByText(/waiting to sync/).waitFor({ state: 'detached' })
    await second.getByText(/waiting to sync/).waitFor({ state: 'detached' })
    await eventually(() => count('select count(*) as n from votes where user_id = ?', userId), 2)
    expect(count('select count(distinct media_id) as n from votes where user_id = ?', userId)).toBe(2)
    // Neither tab sent a vote the other one had already sent. A vote is sent only by the tab that leased it from the
    // outbox, so once both tabs see it empty no send can start; a page's requests are reported in the order it sends
    // them, so a marker request from each tab, once seen, proves every vote POST before it has been counted.
    await outboxEmptied(first)
    await outboxEmptied(second)
    const markers = await Promise.all(
      [first, second].map((tab, i) => tab.evaluate((i) => fetch(`/api/session?after-sync=${i}`).then((r) => r.url), i)),
    )
    await waitFor('the marker requests', () => markers.every((url) => seen.has(url)))
    // Answered POSTs only: one tried while the network was still off is not a send.
    expect((await Promise.all(votePosts.map((r) => r.response()))).filter(Boolean).length).toBe(2)
    await context.close()
  })

  test('a vote on an item deleted meanwhile is dropped and the visitor is told why', async () => {
    await seedUploads(app.server, ['nuthatch-on-tree-portrait.jpg', 'rowing-boats-sunset.jpg'])
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const { page, userId } = await openRateScreen(context)
    await waitForPrefetch(page, 2)

    await context.setOffline(true)
    const src = (await page.locator(MEDIA).getAttribute('src'))!
    await voteHot(page)
    await page.getByText('1 vote waiting to sync').waitFor()
    // An admin deletes the item while the vote waits offline; the replay then gets a 404.
    // The screen shows a variant `<stem>/w<width>.webp` of the item stored as `<stem>.<ext>`.
    const stem = src.replace('/api/media/file/', '').replace(/\/w\d+\.webp$/, '')
    const { id } = withServerDb(
      app.server,
      (db) => db.query('select id from media where storage_key like ?').get(`${stem}.%`) as { id: number },
    )
    expect(
      (await fetch(`${app.server.url}/api/admin/media/${id}`, { method: 'DELETE', headers: { authorization: app.server.adminAuth } }))
        .status,
    ).toBe(204)

    await context.setOffline(false)
    await page.getByText('Vote Failed').first().waitFor()
    await page.getByText('Media not found').first().waitFor()
    await page.getByText(/waiting to sync/).waitFor({ state: 'detached' })
    await outboxEmptied(page)
    expect(count('select count(*) as n from votes where user_id = ?', userId)).toBe(0)
    await context.close()
  })
})
