/**
 * `bun scripts/make-icons.ts`: draws the PWA icons into client/public/icons/ with Debian chromium (playwright-core),
 * so no image package is needed: a white flame on the rose-to-orange gradient as PNG at 192 and 512 px ("any":
 * rounded square on transparent), a maskable 512 px (full bleed, flame inside the 80% safe zone) and the 180 px
 * apple-touch-icon (full bleed, iOS rounds it). The PNGs are committed; rerun only to change the artwork.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { launchBrowser, ROOT } from '../tests/support/browser'

const OUT = join(ROOT, 'client', 'public', 'icons')
const FLAME = 'M50 5c6 21 30 33 30 60a30 30 0 0 1-60 0c0-13 6-22 13-30 0 12 6 18 12 20-4-18 0-37 5-50z'

/** SVG of one icon: size in px; inset: share of the edge kept free around the flame; rounded: transparent corners. */
function iconSvg(size: number, inset: number, rounded: boolean): string {
  const radius = rounded ? size * 0.22 : 0
  const scale = (size * (1 - 2 * inset)) / 100
  const offset = size * inset
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f43f5e"/><stop offset="1" stop-color="#fb923c"/></linearGradient></defs>
  <rect width="${size}" height="${size}" rx="${radius}" fill="url(#g)"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})"><path d="${FLAME}" fill="#fff"/></g>
</svg>`
}

const ICONS = [
  { file: 'icon-192.png', size: 192, inset: 0.16, rounded: true },
  { file: 'icon-512.png', size: 512, inset: 0.16, rounded: true },
  { file: 'icon-maskable-512.png', size: 512, inset: 0.24, rounded: false },
  { file: 'apple-touch-icon-180.png', size: 180, inset: 0.18, rounded: false },
]

mkdirSync(OUT, { recursive: true })
const browser = await launchBrowser()
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 })
    await page.setContent(`<body style="margin:0;background:transparent">${iconSvg(icon.size, icon.inset, icon.rounded)}</body>`)
    await page.locator('svg').screenshot({ path: join(OUT, icon.file), omitBackground: true })
    await page.close()
    console.log(`wrote client/public/icons/${icon.file} (${icon.size}x${icon.size})`)
  }
} finally {
  await browser.close()
}
