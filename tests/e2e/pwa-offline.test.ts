/**
 * Stories: after one visit online, the app starts offline on / and /upload with the last known visitor;
 * the back office is never served from the cache; media seen online is answered from the cache offline, Range too.
 */
import { describe, expect, test } from 'bun:test'
import { useServerAndBrowser } from '../support/browser'
import { seedUploads } from '../support/seed'
import { waitForCachedMedia, waitForPersistedQuery, waitForServiceWorker } from '../support/pwa'

const app = useServerAndBrowser()

describe('offline app shell', () => {
  test('a visitor reloads / and /upload offline and sees the shell with their name, but /adm does not load', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const crashes: string[] = []
    page.on('pageerror', (error) => crashes.push(error.message))
    await page.goto(`${app.server.url}/`)
    const user = page.getByTestId('sidebar-user')
    await user.getByText('Loading...').waitFor({ state: 'detached' })
    const username = (await user.locator('p').first().textContent())!
    expect(username.length).toBeGreaterThan(2)
    await waitForServiceWorker(page)
    await waitForPersistedQuery(page, 'session')

    await context.setOffline(true)
    await page.reload()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upload Media' }).waitFor()
    await user.getByText(username, { exact: true }).waitFor()
    await page.goto(`${app.server.url}/upload`)
    await page.getByRole('heading', { name: 'Upload Media' }).waitFor()
    await page.getByText('Drag and drop photos or videos here').waitFor()
    await page.getByLabel('Choose files').waitFor({ state: 'attached' })
    await user.getByText(username, { exact: true }).waitFor()

    // Without the persisted query cache (it is kept 24 h), the user kept with the stored session still shows. The
    // page closes first (its last pending save is flushed on pagehide), then the service worker, which runs no app
    // code, empties the cache: IndexedDB runs that clear after every write the page began, and nothing writes after it.
    await page.close()
    const [worker] = context.serviceWorkers()
    await worker!.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const open = indexedDB.open('hotvote-query-cache')
          open.onerror = () => reject(open.error)
          open.onsuccess = () =>
            (open.result.transaction('clients', 'readwrite').objectStore('clients').clear().onsuccess = () => resolve(open.result.close()))
        }),
    )
    const again = await context.newPage()
    again.on('pageerror', (error) => crashes.push(error.message))
    await again.goto(`${app.server.url}/upload`)
    await again.getByText('Drag and drop photos or videos here').waitFor()
    await again.getByTestId('sidebar-user').getByText(username, { exact: true }).waitFor()
    expect(crashes).toEqual([])

    // The back office never comes from the cache: offline, its API calls and the /adm page fail like any site without network.
    await expect(again.evaluate(() => fetch('/api/admin/stats').then((r) => r.status))).rejects.toThrow(/Failed to fetch/)
    await expect(again.goto(`${app.server.url}/adm`)).rejects.toThrow(/net::ERR_/)
    await context.close()
  })

  test('a photo and a video seen online are answered from the cache offline, a Range request with 206', async () => {
    const names = ['tabby-cat.png', 'kite-sky-portrait.mp4']
    await seedUploads(app.server, names)
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await page.goto(`${app.server.url}/`)
    await waitForServiceWorker(page)
    await page.reload() // from now on every request of the page goes through the service worker
    // The item's own element: a video that is the page's first item shows its poster (an img labelled as the video) first.
    const itemElement = 'main :is(img[alt="Photo to rate"], video[aria-label="Video to rate"])'
    const media = page.locator(itemElement)
    // An image shows the variant its srcset picked: currentSrc, not the src fallback.
    const shown = async () => ({
      tag: await media.evaluate((e) => e.tagName),
      src: await media.evaluate((e) => (e as HTMLImageElement).currentSrc || (e as HTMLImageElement).src),
    })
    const first = await shown()
    const firstSrc = await media.getAttribute('src')
    await page.keyboard.press('h')
    await page.locator(`${itemElement}:not([src="${firstSrc}"])`).waitFor()
    const second = await shown()
    const photo = [first, second].find((m) => m.tag === 'IMG')!.src
    const video = [first, second].find((m) => m.tag === 'VIDEO')!.src
    await waitForCachedMedia(page, [photo, video])

    // What the server serves for these URLs (a variant of the photo, the video without its metadata).
    const sizes = await Promise.all([photo, video].map(async (url) => (await (await fetch(url)).arrayBuffer()).byteLength))
    await context.setOffline(true)
    const answers = await page.evaluate(
      async ([photo, video]) => {
        const whole = await fetch(photo!)
        const range = await fetch(video!, { headers: { Range: 'bytes=0-99' } })
        return {
          photo: [whole.status, (await whole.arrayBuffer()).byteLength],
          video: [range.status, range.headers.get('content-range'), (await range.arrayBuffer()).byteLength],
        }
      },
      [photo, video],
    )
    expect(answers).toEqual({ photo: [200, sizes[0]], video: [206, `bytes 0-99/${sizes[1]}`, 100] })

    // A video element plays the cached file offline (its Range requests are cut from the cache).
    const played = await page.evaluate(async (src) => {
      const element = Object.assign(document.createElement('video'), { src, muted: true })
      document.body.append(element)
      await new Promise((resolve, reject) => ((element.oncanplay = resolve), (element.onerror = () => reject(new Error('video error')))))
      return element.duration
    }, video)
    expect(played).toBeGreaterThan(0)
    await context.close()
  })
})
