/**
 * Stories: a video the rate screen's prefetch put in the service worker's media cache plays
 * through the worker, online and offline (its Range requests are cut from the cached file), and a video that began
 * loading from the network before the worker took control of the page keeps playing after it did. Chromium ends a
 * video with PIPELINE_ERROR_READ (data source error) when one element's ranges come partly from the network and
 * partly from answers the worker made up, and the rate screen then skips the video.
 */
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { paths } from '@contract/paths'
import { useServerAndBrowser } from '../support/browser'
import { seedUploads } from '../support/seed'
import { withServerDb } from '../support/server-db'
import { waitForCachedMedia, waitForServiceWorker } from '../support/pwa'

const app = useServerAndBrowser()

/** The URL path of media item id's stored file. */
const fileUrl = (id: number) =>
  paths.mediaFile(
    withServerDb(
      app.server,
      (db) => (db.query('select storage_key from media where id = ?').get(id) as { storage_key: string }).storage_key,
    ),
  )

/**
 * Plays the video at src in a new muted element (or the element with id when it exists), from `from` seconds; answers
 * 'played' once it has played half a second past from, or 'error: <message>' when the element fails.
 */
function play(page: Page, src: string, id: string, from = 0): Promise<string> {
  return page.evaluate(
    ({ src, id, from }) =>
      new Promise<string>((resolve) => {
        const video =
          (document.getElementById(id) as HTMLVideoElement | null) ??
          Object.assign(document.createElement('video'), { id, src, muted: true })
        if (!video.isConnected) document.body.append(video)
        video.onerror = () => resolve(`error: ${video.error?.message}`)
        video.ontimeupdate = () => video.currentTime >= from + 0.5 && resolve('played')
        if (from > 0) video.currentTime = from
        void video.play().catch((e: Error) => resolve(`error: ${e.message}`))
      }),
    { src, id, from },
  )
}

/** The status and origin (service worker or network) of every answer to a Range request for url the page gets, in order. */
function rangeAnswersFor(page: Page, url: string): string[] {
  const answers: string[] = []
  page.on(
    'response',
    (r) =>
      void (r.url() === url && r.request().headers().range && answers.push(`${r.status()} ${r.fromServiceWorker() ? 'sw' : 'network'}`)),
  )
  return answers
}

describe('videos through the service worker', () => {
  test('a prefetched video plays from the media cache online and offline', async () => {
    const { mediaIds } = await seedUploads(app.server, ['tabby-cat.png', 'flowers-crossfade-tone.mp4'])
    const video = `${app.server.url}${fileUrl(mediaIds[1]!)}`
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await page.goto(`${app.server.url}/`)
    await waitForServiceWorker(page)
    await page.reload({ waitUntil: 'commit' }) // controlled from the start: every request of the page goes through the worker
    // Counted from the page's start: the rate screen's own <video> of the file may load it before the test's element,
    // which then plays from the bytes the page already holds and asks for none.
    const online = rangeAnswersFor(page, video)
    // The rate screen shows or prefetches the video; either way its whole file lands in the media cache.
    await waitForCachedMedia(page, [video])
    expect(await play(page, video, 'online')).toBe('played')

    // A new page: a page keeps the bytes its videos loaded, so the same page would not ask for them again.
    await context.setOffline(true)
    const offlinePage = await context.newPage()
    const offline = rangeAnswersFor(offlinePage, video)
    await offlinePage.goto(`${app.server.url}/`)
    expect(await play(offlinePage, video, 'offline', 3)).toBe('played')
    // Every range came from the worker, cut from the cached file.
    expect(online.length).toBeGreaterThan(0)
    expect(offline.length).toBeGreaterThan(0)
    expect(new Set([...online, ...offline])).toEqual(new Set(['206 sw']))
    await context.close()
  })

  test('a video that began on the network before the worker took control still plays and seeks after it', async () => {
    const { mediaIds } = await seedUploads(app.server, ['forest-path-zoom.mp4'])
    const video = `${app.server.url}${fileUrl(mediaIds[0]!)}`
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } })
    // The worker's script is held until the video has begun, so the page is surely not controlled by then.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await context.route('**/sw.js', async (route) => (await held, route.continue()))
    const page = await context.newPage()
    await page.goto(`${app.server.url}/`)
    const early = await page.evaluate(
      (src) =>
        new Promise<boolean>((resolve, reject) => {
          const element = Object.assign(document.createElement('video'), { id: 'early', src, muted: true, preload: 'metadata' })
          element.onloadedmetadata = () => resolve(navigator.serviceWorker.controller === null)
          element.onerror = () => reject(new Error(element.error?.message))
          document.body.append(element)
        }),
      video,
    )
    expect(early).toBe(true)
    release()
    await waitForServiceWorker(page)
    // The prefetch puts the file in the media cache, as it does for the queue's next items.
    await page.evaluate((url) => fetch(url).then((r) => r.arrayBuffer()), video)
    await waitForCachedMedia(page, [video])
    // Seeking near the end needs bytes not loaded yet: they are asked for now, through the worker.
    const duration = await page.evaluate(() => (document.getElementById('early') as HTMLVideoElement).duration)
    expect(await play(page, video, 'early', duration - 1.5)).toBe('played')
    await context.close()
  })

  test('a video not cached yet plays from the network through the worker, seeks, and is cached for offline meanwhile', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await page.goto(`${app.server.url}/`)
    await waitForServiceWorker(page)
    await page.reload() // controlled from the start
    // Uploaded after the page took its queue: neither shown nor prefetched, so not in the media cache.
    const { mediaIds } = await seedUploads(app.server, ['rowing-boats-pan.mp4'])
    const video = `${app.server.url}${fileUrl(mediaIds[0]!)}`
    expect(await page.evaluate(async (url) => Boolean(await (await caches.open('hotvote-media')).match(url)), video)).toBe(false)
    const answers = rangeAnswersFor(page, video)
    expect(await play(page, video, 'fresh')).toBe('played')
    const duration = await page.evaluate(() => (document.getElementById('fresh') as HTMLVideoElement).duration)
    expect(await play(page, video, 'fresh', duration - 1.5)).toBe('played')
    expect(new Set(answers)).toEqual(new Set(['206 sw']))
    // The worker fetched the whole file beside the ranges: a new page plays it offline from the cache.
    await waitForCachedMedia(page, [video])
    await context.setOffline(true)
    const offlinePage = await context.newPage()
    await offlinePage.goto(`${app.server.url}/`)
    expect(await play(offlinePage, video, 'offline', 2)).toBe('played')
    await context.close()
  })
})
