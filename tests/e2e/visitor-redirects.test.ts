/** Story: the idle redirect and the back-button redirect, configured straight in the database (the admin screen that sets them is covered by admin-traffic-dmca-logs.test.ts). */
import { describe, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { useServerAndBrowser } from '../support/browser'

const app = useServerAndBrowser()

const configure = (sql: string, ...params: (string | number)[]) => {
  const db = new Database(join(app.server.dataDir, 'hotvote.sqlite'))
  db.run(sql, params)
  db.close()
}

describe('redirects', () => {
  test('an idle visitor is sent to the idle redirect URL after the configured time', async () => {
    configure(
      'insert into idle_redirect_configs (idle_redirect_time, idle_redirect_url, is_active, created_at) values (2, ?, 1, ?)',
      `${app.server.url}/dmca?from=idle`,
      new Date().toISOString(),
    )
    const page = await app.browser.newPage()
    await page.goto(`${app.server.url}/upload`)
    await page.waitForURL(`${app.server.url}/dmca?from=idle`)
    await page.getByRole('heading', { name: 'DMCA Takedown Request' }).waitFor()
    configure(
      "insert into idle_redirect_configs (idle_redirect_time, idle_redirect_url, is_active, created_at) values (300, '', 1, ?)",
      new Date().toISOString(),
    )
  })

  test('going back from the site leads to the back-button URL', async () => {
    configure(
      'insert into back_button_configs (back_button_url, is_active, created_at) values (?, 1, ?)',
      `${app.server.url}/stats?from=back`,
      new Date().toISOString(),
    )
    const page = await (await app.browser.newContext()).newPage()
    await page.goto(`${app.server.url}/profile`)
    await page.getByText(/^Member since /).waitFor()
    // The redirect arms itself once the back-button config has loaded: it pushes a history entry to catch Back.
    await page.waitForFunction(() => (history.state as { backRedirect?: boolean } | null)?.backRedirect === true)
    await page.goBack()
    await page.waitForURL(`${app.server.url}/stats?from=back`)
  })
})
