/**
 * The client figure of `bun run bench`: how long after the vote's result display ends the next
 * item is on screen, in Debian chromium on DevTools' Fast 3G profile. The end of the result display is when the next
 * item's <img> enters the page; on screen is that image's load event. A figure reported, never asserted.
 * It runs its own server over a small dataset of real fixture photos (the load dataset's items have no files).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { openDatabase } from '../../server/db/open'
import { CHROMIUM_ARGS, FIXTURES } from '../../tests/support/browser'
import { startHotVote } from './processes'

/** DevTools' Fast 3G preset: 562.5 ms latency, 1.6 Mbit/s down and 750 kbit/s up, each at 90%. */
const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
}

const PHOTOS = /\.(jpe?g|png|webp)$/

/** A data dir with one uploader owning copies of every fixture photo, stored as the app stores uploads. */
function seedPhotos(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'hotvote-bench-client-'))
  const { sqlite } = openDatabase(join(dataDir, 'hotvote.sqlite'))
  mkdirSync(join(dataDir, 'bucket', 'media'), { recursive: true })
  const now = new Date().toISOString()
  const owner = (
    sqlite
      .query('insert into users (session_id, username, created_at) values (?, ?, ?) returning id')
      .get('clientowner'.padEnd(32, '0'), 'bench_client_owner', now) as { id: number }
  ).id
  const photos = readdirSync(FIXTURES).filter((f) => PHOTOS.test(f))
  photos.forEach((file, i) => {
    const ext = file.split('.').pop()!
    const key = `media/client-${i}.${ext}`
    copyFileSync(join(FIXTURES, file), join(dataDir, 'bucket', key))
    const mime = ext === 'jpg' || ext === 'jpeg' ? 'image/jpeg' : `image/${ext}`
    sqlite.run(
      'insert into media (user_id, storage_key, original_name, mime_type, size, sha256, uploaded_at) values (?, ?, ?, ?, 1, ?, ?)',
      [owner, key, file, mime, `client-${i}`, now],
    )
  })
  sqlite.close()
  return dataDir
}

/**
 * Votes `votes` times on the rate screen under Fast 3G; answers the ms from each next item's <img> entering the page
 * to its load (delays), and the same for the first item, loaded cold through the throttled network (firstMs).
 */
export async function nextItemDelays(votes: number): Promise<{ delays: number[]; firstMs: number }> {
  const dataDir = seedPhotos()
  const server = await startHotVote(dataDir, 'bench-client-admin')
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true })
  try {
    const page = await (await browser.newContext({ viewport: { width: 412, height: 915 } })).newPage()
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', FAST_3G)
    // Every <img> gets the time it entered the page and the time it loaded (performance.now(), ms).
    await page.addInitScript(() => {
      const w = window as unknown as { imgTimes: { src: string; added: number; loaded?: number }[] }
      w.imgTimes = []
      new MutationObserver((records) => {
        for (const r of records)
          for (const node of r.addedNodes) {
            const imgs = node instanceof HTMLImageElement ? [node] : node instanceof Element ? [...node.querySelectorAll('img')] : []
            for (const img of imgs) {
              const entry = { src: img.src, added: performance.now() } as { src: string; added: number; loaded?: number }
              w.imgTimes.push(entry)
              img.addEventListener('load', () => (entry.loaded = performance.now()), { once: true })
            }
          }
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto(`${server.url}/`)
    const shown = page.getByRole('img', { name: 'Photo to rate' })
    const delays: number[] = []
    let firstMs = NaN
    for (let i = 0; i <= votes; i++) {
      await page.waitForFunction(
        () => {
          const img = document.querySelector('img[alt="Photo to rate"]') as HTMLImageElement | null
          return !!img && img.complete && img.naturalWidth > 0
        },
        undefined,
        { timeout: 60_000 },
      )
      const src = await shown.getAttribute('src')
      const times = await page.evaluate(
        (s) =>
          (window as unknown as { imgTimes: { src: string; added: number; loaded?: number }[] }).imgTimes
            .filter((t) => t.src.endsWith(s!))
            .at(-1),
        src,
      )
      if (times?.loaded !== undefined) i === 0 ? (firstMs = times.loaded - times.added) : delays.push(times.loaded - times.added)
      if (i === votes) break
      await page.keyboard.press('h')
      await page.waitForFunction((prev) => document.querySelector('img[alt="Photo to rate"]')?.getAttribute('src') !== prev, src, {
        timeout: 60_000,
      })
    }
    return { delays, firstMs }
  } finally {
    await browser.close()
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
