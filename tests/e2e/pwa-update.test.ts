/**
 * Story: a visitor has the app open when a new version is deployed; the update prompt offers it and
 * Reload switches the page to the new service worker. The app runs in-process on a copy of client/dist, so the
 * test can deploy a changed sw.js without touching the real build.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { createApp, CLIENT_DIST } from '@server/app'
import { launchBrowser } from '../support/browser'
import { makeTestDeps } from '../support/test-app'
import { waitForServiceWorker } from '../support/pwa'

const dist = mkdtempSync(join(tmpdir(), 'hotvote-dist-'))
const testDeps = makeTestDeps()
const port = 45000 + Math.floor(Math.random() * 2000)
const url = `http://127.0.0.1:${port}`
let app: ReturnType<typeof createApp>
let browser: Browser

beforeAll(async () => {
  cpSync(CLIENT_DIST, dist, { recursive: true })
  app = createApp(testDeps.deps, dist).listen({ port, hostname: '127.0.0.1' })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  testDeps.cleanup()
  rmSync(dist, { recursive: true, force: true })
})

describe('app update', () => {
  test('a new version shows "A new version is available" and Reload switches to it', async () => {
    const page = await (await browser.newContext()).newPage()
    await page.goto(`${url}/`)
    await waitForServiceWorker(page)
    expect(await page.getByText('A new version is available').count()).toBe(0)

    appendFileSync(join(dist, 'sw.js'), `\n// deployed ${Date.now()}\n`)
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update())
    await page.getByText('A new version is available').waitFor()
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())!.waiting))).toBe(true)

    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()])
    await page.getByRole('link', { name: 'Upload Media' }).first().waitFor()
    const after = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.getRegistration())!
      return { waiting: Boolean(registration.waiting), controlled: Boolean(navigator.serviceWorker.controller) }
    })
    expect(after).toEqual({ waiting: false, controlled: true })
    expect(await page.getByText('A new version is available').count()).toBe(0)
  })
})
