/**
 * The README's screenshots: `bun scripts/screenshots.ts` after `bun run build` (it builds nothing itself). Starts the
 * built app on a temp DATA_DIR (tests/support/browser.ts startServer), uploads a few media fixtures as another
 * visitor, and captures with headless Debian chromium:
 * - docs/images/rate-screen.png: the rate screen of a fresh visitor on a phone (390 x 844 CSS px), the first fixture
 *   of FIXTURE_NAMES first in the queue so every run shows the same photo;
 * - docs/images/admin.png: the back office on a desktop (1280 x 800) after logging in at /adm, which lands on /adm/media.
 * Each capture is resized and written as a palette PNG by sharp so the committed files stay under MAX_BYTES.
 * Throws when client/dist is missing, a fixture upload fails or a file comes out over MAX_BYTES.
 */
import sharp from 'sharp'
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import type { RateMedia } from '../server/contract/media'
import { launchBrowser, ROOT, startServer } from '../tests/support/browser'
import { seedUploads } from '../tests/support/seed'

/** Fixtures uploaded before the captures (read from ../shared/fixtures/media); the first one is shown on the rate screen. */
const FIXTURE_NAMES = [
  'autumn-mountain-meadow.jpg',
  'tabby-cat.png',
  'yellow-daisy.webp',
  'rowing-boats-sunset.jpg',
  'spaniels-at-window-portrait.jpg',
  'lakeside-jetty-planks.jpg',
  'flowers-crossfade-tone.mp4',
]
/** Where the PNGs go. */
const OUT_DIR = join(ROOT, 'docs', 'images')
/** Largest file written, bytes. */
const MAX_BYTES = 150 * 1024

/** Writes a screenshot (PNG bytes) to name in OUT_DIR, resized to width px, as a palette PNG; answers its size in bytes. */
async function save(png: Buffer, name: string, width: number): Promise<number> {
  const path = join(OUT_DIR, name)
  const { size } = await sharp(png).resize({ width }).png({ palette: true, colours: 128, effort: 10, compressionLevel: 9 }).toFile(path)
  if (size > MAX_BYTES) throw new Error(`${name} is ${size} bytes, over ${MAX_BYTES}`)
  return size
}

/** Waits until every <img> on page has loaded (or failed), so no capture shows a placeholder instead of a photo. */
const imagesLoaded = (page: Page) => page.waitForFunction(() => [...document.images].every((img) => img.complete))

if (!existsSync(join(ROOT, 'client', 'dist', 'index.html'))) throw new Error('client/dist is missing: run `bun run build` first')
mkdirSync(OUT_DIR, { recursive: true })
const server = await startServer({ NODE_ENV: 'production' })
const browser = await launchBrowser()
try {
  const { mediaIds } = await seedUploads(server, FIXTURE_NAMES)
  const firstId = mediaIds[0]

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  })
  const rate = await phone.newPage()
  // The pick is random: the first queue answer is reordered so the same item leads on every run.
  await rate.route(/\/api\/media\/queue\//, async (route) => {
    const items = (await (await route.fetch()).json()) as RateMedia[]
    await route.fulfill({ json: [...items.filter((i) => i.id === firstId), ...items.filter((i) => i.id !== firstId)] })
  })
  await rate.goto(`${server.url}/`)
  await rate.getByRole('button', { name: 'Hot', exact: true }).waitFor()
  await rate.waitForLoadState('networkidle')
  await imagesLoaded(rate)
  console.log(`rate-screen.png: ${await save(await rate.screenshot(), 'rate-screen.png', 390)} bytes`)

  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const admin = await desktop.newPage()
  await admin.goto(`${server.url}/adm`)
  await admin.getByLabel('Username').fill('admin')
  await admin.getByLabel('Password').fill(server.adminPassword)
  await admin.getByLabel('Password').press('Enter')
  await admin.waitForURL(`${server.url}/adm/media`)
  await admin.getByRole('button', { name: `Details of ${FIXTURE_NAMES[0]}` }).waitFor()
  // The login toast fades out before the capture.
  await admin.getByText('Successfully logged in to admin panel').first().waitFor({ state: 'detached' })
  await admin.waitForLoadState('networkidle')
  await imagesLoaded(admin)
  console.log(`admin.png: ${await save(await admin.screenshot(), 'admin.png', 960)} bytes`)
} finally {
  await browser.close()
  await server.stop()
}
