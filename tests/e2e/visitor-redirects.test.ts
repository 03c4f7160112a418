/** Story (issue #3): the idle redirect and the back-button redirect, configured straight in the database (the admin API lands with its own issue). */
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import type { Browser } from 'playwright-core'
import { join } from 'node:path'
import { launchBrowser, startServer, type TestServer } from '../support/browser'

let server: TestServer
let browser: Browser
beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const configure = (sql: string, ...params: (string | number)[]) => {
  const db = new Database(join(server.dataDir, 'hotvote.sqlite'))
  db.run(sql, params)
  db.close()
}

describe('redirects', () => {
  test('an idle visitor is sent to the idle redirect URL after the configured time', async () => {
    configure('insert into idle_redirect_configs (idle_redirect_time, idle_redirect_url, is_active, created_at) values (2, ?, 1, ?)', `${server.url}/dmca?from=idle`, new Date().toISOString())
    const page = await browser.newPage()
    await page.goto(`${server.url}/upload`)
    await page.waitForURL(`${server.url}/dmca?from=idle`, { timeout: 10_000 })
    await page.getByRole('heading', { name: 'DMCA Takedown Request' }).waitFor()
    configure("insert into idle_redirect_configs (idle_redirect_time, idle_redirect_url, is_active, created_at) values (300, '', 1, ?)", new Date().toISOString())
  })

  test('going back from the site leads to the back-button URL', async () => {
    configure('insert into back_button_configs (back_button_url, is_active, created_at) values (?, 1, ?)', `${server.url}/stats?from=back`, new Date().toISOString())
    const page = await (await browser.newContext()).newPage()
    await page.goto(`${server.url}/profile`)
    await page.getByText(/^Member since /).waitFor()
    await page.goBack()
    await page.waitForURL(`${server.url}/stats?from=back`)
  })
})
