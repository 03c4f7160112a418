/** Stories: an admin logs in, deletes media and sets the multiplier seen on the rate screen; visitors never download admin code. */
import { describe, expect, test } from 'bun:test'
import { useServerAndBrowser } from '../support/browser'
import { seedUploads } from '../support/seed'
import { waitForReveal } from '../support/rate-screen'
import { paths } from '@contract/paths'

const app = useServerAndBrowser()

describe('admin back office', () => {
  test('a visitor page loads no admin code', async () => {
    const page = await app.browser.newPage()
    const scripts: string[] = []
    page.on('response', async (r) => r.url().endsWith('.js') && scripts.push(await r.text()))
    await page.goto(`${app.server.url}/`)
    await page.getByRole('link', { name: 'Upload Media' }).first().waitFor()
    await page.waitForLoadState('networkidle')
    expect(scripts.length).toBeGreaterThan(0)
    for (const js of scripts) expect(js).not.toContain('Vote Multiplier Settings')
  })

  test('an admin logs in, deletes a media item, and sets a multiplier that the rate screen shows', async () => {
    await seedUploads(app.server, ['tabby-cat.png', 'yellow-daisy.webp'])
    const admin = await (await app.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
    await admin.goto(`${app.server.url}/adm/media`)
    await admin.waitForURL(`${app.server.url}/adm`)
    await admin.getByLabel('Username').fill('admin')
    await admin.getByLabel('Password').fill('wrong')
    await admin.getByLabel('Password').press('Enter')
    await admin.getByText('Invalid credentials').waitFor()
    await admin.getByLabel('Password').fill(app.server.adminPassword)
    await admin.getByLabel('Password').press('Enter')
    await admin.waitForURL(`${app.server.url}/adm/media`)
    await admin.getByText('Successfully logged in to admin panel').first().waitFor()

    await admin.getByRole('button', { name: 'Details of yellow-daisy.webp' }).click()
    const details = admin.getByRole('dialog', { name: 'yellow-daisy.webp' })
    await details.getByText('image/webp').waitFor()
    await expect(details.getByLabel('Media details').textContent()).resolves.toContain('Total votes0')
    await details.getByRole('button', { name: 'Close' }).click()
    await details.waitFor({ state: 'detached' })

    admin.once(
      'dialog',
      (d) => (expect(d.message()).toBe('Are you sure you want to delete this media? This action cannot be undone.'), d.accept()),
    )
    await admin.getByRole('article', { name: 'tabby-cat.png' }).getByRole('button', { name: 'Delete' }).click()
    await admin.getByText('Media deleted successfully').first().waitFor()
    await admin.getByRole('article', { name: 'tabby-cat.png' }).waitFor({ state: 'detached' })
    await expect(admin.getByLabel('Total Media').textContent()).resolves.toBe('Total Media1')

    await admin.getByRole('link', { name: 'Vote Multiplier' }).click()
    await admin.getByText('Last updated: Never').waitFor()
    await admin.getByRole('switch').check()
    await admin.getByLabel('Multiplier', { exact: true }).fill('0')
    await admin.getByText('Unsaved Changes').waitFor()
    await admin.getByRole('button', { name: 'Save Configuration' }).click()
    await admin.getByText('Invalid Configuration: Vote multiplier must be greater than 0').waitFor()
    await admin.getByLabel('Multiplier', { exact: true }).fill('2.5')
    await admin.getByText('With multiplier 2.5, 100 actual votes will display as 250 votes').waitFor()
    await admin.getByRole('button', { name: 'Save Configuration' }).click()
    await admin.getByText('Vote multiplier settings have been saved successfully.').first().waitFor()
    await admin.getByText('Multiplier: 2.5x').waitFor()

    // A vote on the remaining item shows 1 actual vote as round(1 x 2.5) = 3.
    const visitor = await (await app.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
    // The multiplier arrives by its own query: the vote waits for it, so the result shows the multiplied total.
    const multiplier = visitor.waitForResponse((r) => r.url().endsWith(paths.voteMultiplierConfig()) && r.ok())
    await visitor.goto(`${app.server.url}/`)
    await multiplier
    await visitor.getByRole('img', { name: '0% Hot, 0% Not' }).waitFor()
    await visitor.keyboard.press('h')
    await waitForReveal(visitor, '100% Hot, 0% Not', '3')

    await admin.getByRole('button', { name: 'Logout' }).click()
    await admin.waitForURL(`${app.server.url}/adm`)
    await admin.goto(`${app.server.url}/adm/vote-multiplier`)
    await admin.waitForURL(`${app.server.url}/adm`)
  })

  test('the password is never kept in the browser: login stores an HttpOnly token cookie that Logout revokes', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const admin = await context.newPage()
    await admin.goto(`${app.server.url}/adm`)
    await admin.getByLabel('Username').fill('admin')
    await admin.getByLabel('Password').fill(app.server.adminPassword)
    await admin.getByLabel('Password').press('Enter')
    await admin.waitForURL(`${app.server.url}/adm/media`)
    const stored = await admin.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }) + document.cookie)
    expect(stored).not.toContain(app.server.adminPassword)
    expect(stored).not.toContain(btoa(`admin:${app.server.adminPassword}`))
    const [cookie] = await context.cookies(`${app.server.url}/api/admin/media`)
    expect(cookie).toMatchObject({ name: 'hv_admin', httpOnly: true, sameSite: 'Strict', path: '/api' })
    const loggedOut = admin.waitForResponse((r) => r.url().endsWith('/api/admin/logout'))
    await admin.getByRole('button', { name: 'Logout' }).click()
    expect((await loggedOut).status()).toBe(204)
    await admin.waitForURL(`${app.server.url}/adm`)
    // The token is revoked on the server, not only forgotten by the page.
    const reuse = await fetch(`${app.server.url}/api/admin/media?limit=1`, { headers: { cookie: `hv_admin=${cookie.value}` } })
    expect(reuse.status).toBe(401)
    await context.close()
  })
})
