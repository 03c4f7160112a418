/**
 * Story: the rate screen's prompts and ads. The configuration is written straight into the server's SQLite
 * file before the visitor arrives (the admin screens that set it are covered by admin-maintenance.test.ts).
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { useServerAndBrowser } from '../support/browser'
import { seedUploads } from '../support/seed'

const app = useServerAndBrowser()
const AD = `<p id="ad">loading</p><script>
  let result
  try { result = 'read ' + String(localStorage.getItem('hotvote.session')) } catch (e) { result = 'storage blocked' }
  document.getElementById('ad').textContent = 'Ad: ' + result
</script>`

beforeAll(async () => {
  await seedUploads(app.server, ['tabby-cat.png', 'yellow-daisy.webp', 'storm-over-highway.jpg', 'paint-brushes.gif'])
  const db = new Database(join(app.server.dataDir, 'hotvote.sqlite'))
  const now = new Date().toISOString()
  db.run('insert into email_capture_config (id, is_enabled, vote_threshold, updated_at) values (1, 1, 2, ?)', [now])
  db.run("insert into ad_zone_configs values ('zone1', 'Ad Zone 1', ?, 1, ?)", [AD, now])
  db.run("insert into skip_button_config values (1, 'Skip Button', 'Show me another', '', 1, ?)", [now])
  db.close()
})

describe('rate screen prompts and ads', () => {
  test('the ad runs sandboxed; after 2 votes the prompts show; dismissing the capture blocks voting until an email is saved', async () => {
    const page = await (await app.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
    await page.goto(`${app.server.url}/`)
    await page.frameLocator('iframe[title="Ad zone1"]').getByText('Ad: storage blocked').waitFor()
    await page.getByRole('button', { name: 'Show me another' }).waitFor()

    await page.getByRole('img', { name: '0% Hot, 0% Not' }).waitFor()
    await page.keyboard.press('h')
    await page.getByRole('img', { name: '100% Hot, 0% Not' }).waitFor()
    await page.getByRole('img', { name: '0% Hot, 0% Not' }).waitFor()
    // The second vote reaches the threshold of 2: the capture modal opens (and hides the page behind it). The key
    // goes once the new item takes votes (its Hot button no longer aria-disabled by the first vote's reveal).
    await page.getByRole('button', { name: 'Hot', exact: true }).and(page.locator('[aria-disabled="false"]')).waitFor()
    await page.keyboard.press('n')
    const capture = page.getByRole('dialog', { name: 'Loving the site so far?' })
    await capture.waitFor()
    await capture.getByRole('button', { name: 'Maybe later' }).click()
    await page.getByText('Email Required to Continue').waitFor()
    await page.getByRole('button', { name: 'Hey, be sure to save your account. Click here.' }).waitFor()
    expect(await page.getByRole('button', { name: /Hot$/ }).count()).toBe(0)

    await page.getByRole('link', { name: 'profile', exact: true }).click()
    await page.getByLabel('Email (optional)').fill('voter@example.com')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByText('Your profile has been successfully updated.').first().waitFor()
    await page.getByRole('link', { name: 'Rate Photos' }).click()
    await page.getByRole('button', { name: /Hot$/ }).waitFor()
    expect(await page.getByText('Email Required to Continue').count()).toBe(0)
  })
})
