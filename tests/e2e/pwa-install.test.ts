/** Story: the built app meets the installability criteria: a complete manifest, real icons, a controlling service worker, no Chromium installability errors. */
import { describe, expect, test } from 'bun:test'
import { imageSize } from 'image-size'
import { chromium } from 'playwright-core'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM_ARGS, useServerAndBrowser } from '../support/browser'
import { cacheEntries, waitForServiceWorker } from '../support/pwa'

const app = useServerAndBrowser()

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string }
type Manifest = {
  name: string
  short_name: string
  start_url: string
  scope: string
  display: string
  theme_color: string
  background_color: string
  icons: ManifestIcon[]
}

describe('installable app', () => {
  test('the manifest names HotVote, starts at / in standalone display and lists real 192 and 512 icons, one maskable', async () => {
    const page = await app.browser.newPage()
    await page.goto(`${app.server.url}/`)
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    expect(href).toBe('/manifest.webmanifest')
    const res = await fetch(`${app.server.url}${href}`)
    expect(res.status).toBe(200)
    const manifest = (await res.json()) as Manifest
    expect(manifest).toMatchObject({
      name: 'HotVote',
      short_name: 'HotVote',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#e11d48',
      background_color: '#09090b',
    })
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])
    for (const icon of manifest.icons) {
      const file = await fetch(`${app.server.url}${icon.src}`)
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toBe('image/png')
      const size = imageSize(new Uint8Array(await file.arrayBuffer()))
      expect(`${size.width}x${size.height}`).toBe(icon.sizes)
      expect(size.type).toBe('png')
    }
    const worker = await fetch(`${app.server.url}/sw.js`)
    expect([worker.status, worker.headers.get('cache-control'), worker.headers.get('content-type')]).toEqual([
      200,
      'no-cache',
      'text/javascript;charset=utf-8',
    ])
    expect(res.headers.get('cache-control')).toBe('no-cache')
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')
    const touch = await fetch(`${app.server.url}${touchIcon}`)
    expect([touch.status, touch.headers.get('content-type'), imageSize(new Uint8Array(await touch.arrayBuffer())).width]).toEqual([
      200,
      'image/png',
      180,
    ])
    for (const name of [
      'apple-mobile-web-app-capable',
      'mobile-web-app-capable',
      'apple-mobile-web-app-title',
      'apple-mobile-web-app-status-bar-style',
    ]) {
      expect(await page.locator(`meta[name="${name}"]`).getAttribute('content')).toBeTruthy()
    }
    await page.context().close()
  })

  test('a service worker controls the page after the first load and Chromium reports no installability errors', async () => {
    // A profile on disk: Chromium never offers installing from an incognito context (browser.newContext()).
    const profile = mkdtempSync(join(tmpdir(), 'hotvote-profile-'))
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      headless: true,
    })
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto(`${app.server.url}/`)
    await page.getByRole('link', { name: 'Upload Media' }).first().waitFor()
    expect(await waitForServiceWorker(page)).toBe(`${app.server.url}/sw.js`)
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated')
    const precache = Object.entries(await cacheEntries(page)).find(([name]) => name.startsWith('workbox-precache'))
    expect(precache?.[1]).toBeGreaterThan(10)

    const cdp = await context.newCDPSession(page)
    const { url, errors, data } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[]; data: string }
    expect(url).toBe(`${app.server.url}/manifest.webmanifest`)
    expect(errors).toEqual([])
    expect(JSON.parse(data).name).toBe('HotVote')
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }
    expect(installabilityErrors).toEqual([])

    // The browser offers installing (beforeinstallprompt), so the profile shows the Install App button.
    await page.getByRole('link', { name: 'Profile' }).first().click()
    await page.getByRole('button', { name: 'Install App' }).waitFor()
    // The session card shows the storage estimate and whether storage is persistent.
    const sessionCard = page.getByLabel('Session info')
    await sessionCard.getByText(/^Storage: \d+(\.\d)? (B|KB|MB) used of \d+\.\d (MB|GB|TB)$/).waitFor()
    await sessionCard.getByText(/^Persistent storage: (Yes|No \(the browser may clear it when space runs low\))$/).waitFor()
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  })
})
