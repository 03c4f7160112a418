/**
 * Story: the app runs under its Content-Security-Policy with zero violations on /, /upload,
 * the ad frame, /adm and a reload offline from the service worker's cached index.html.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { useServerAndBrowser } from '../support/browser'
import { adminPage, seedUploads } from '../support/seed'
import { waitForServiceWorker } from '../support/pwa'
import { cspViolations } from '../support/csp'

const app = useServerAndBrowser()
const AD = `<p id="ad">loading</p><script>document.getElementById('ad').textContent = 'Ad script ran'</script>`

beforeAll(async () => {
  await seedUploads(app.server, ['tabby-cat.png', 'rowing-boats-pan.mp4'])
  const db = new Database(join(app.server.dataDir, 'hotvote.sqlite'))
  db.run("insert into ad_zone_configs values ('zone1', 'Ad Zone 1', ?, 1, ?)", [AD, new Date().toISOString()])
  db.close()
})

describe('content security policy', () => {
  test('a visitor rates, opens upload, sees the ad and reloads offline without one CSP violation', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const violations = await cspViolations(context)
    const page = await context.newPage()
    const shell = await page.goto(`${app.server.url}/`)
    expect(shell!.headers()['content-security-policy']).toContain("script-src 'self'")
    await page.getByRole('img', { name: '0% Hot, 0% Not' }).waitFor()
    await page.frameLocator('iframe[title="Ad zone1"]').getByText('Ad script ran').waitFor()
    await page.goto(`${app.server.url}/upload`)
    await page.getByText('Drag and drop photos or videos here').waitFor()
    await waitForServiceWorker(page)

    await context.setOffline(true)
    await page.reload()
    await page.getByText('Drag and drop photos or videos here').waitFor()
    await page.goto(`${app.server.url}/`)
    await page.getByRole('navigation', { name: 'Main' }).waitFor()
    expect(violations).toEqual([])
    await context.close()
  })

  test('the admin logs in to /adm and opens its screens without one CSP violation', async () => {
    const page = await adminPage(app)
    const violations = await cspViolations(page.context())
    const answer = await page.goto(`${app.server.url}/adm/users`)
    expect(answer!.headers()['x-frame-options']).toBe('DENY')
    await page.getByText(/Showing \d+ of \d+ users/).waitFor()
    await page.goto(`${app.server.url}/adm/media`)
    await page.getByRole('region', { name: 'Media items' }).getByRole('article', { name: 'tabby-cat.png' }).waitFor()
    expect(violations).toEqual([])
    await page.context().close()
  })
})
