/**
 * Stories (admin-back-office §2 DMCA, Audit Logs, Bucket): lists longer than the server's largest page
 * (contract/admin/paging). The screens read them page after page by X-Next-Cursor, so the counters count every row
 * once even when a row is added while they read, a search finds an entry on the last page, and the admin reaches the
 * oldest row. Rows are made straight in the server's SQLite file and bucket folder.
 */
import { describe, expect, test } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { ADMIN_PAGE_MAX } from '@contract/admin/paging'
import { routes } from '@contract/paths'
import { useServerAndBrowser } from '../support/browser'
import { adminPage } from '../support/seed'
import { countRows, withServerDb } from '../support/server-db'

const app = useServerAndBrowser()
/** Rows made in each list: more than one page of the largest size. */
const ROWS = ADMIN_PAGE_MAX + 40

/** The number on a count or stat card, found by its exact label. */
const cardNumber = async (page: Page, label: string) =>
  Number((await page.getByLabel(label, { exact: true }).textContent())?.replace(label, ''))

/** Inserts ROWS rows with sql (an insert ... select ... from n, n counting 1..ROWS; the row with i = 1 is the oldest). */
const seedRows = (sql: string, args: string[] = []) =>
  withServerDb(app.server, (db) => db.run(`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${ROWS}) ${sql}`, args))

describe('admin lists longer than a page', () => {
  test('the takedown screen counts every request once, while one is filed between its pages, and reaches the oldest', async () => {
    const now = new Date().toISOString()
    seedRows(
      `insert into dmca_takedowns (reference_number, status, complainant_name, complainant_email, copyright_owner, work_description, infringement_description, infringing_urls, electronic_signature, good_faith_statement, accuracy_statement, created_at, updated_at)
       select printf('DMCA-E%05d', i), 'pending', printf('Complainant %05d', i), 'a@example.com', 'Owner', 'A work', 'Copied', '[]', 'Sig', 1, 1, ?, ? from n`,
      [now, now],
    )
    const page = await adminPage(app)
    // While the screen reads the list, a request is filed at the top after its first page: read by offset, the next
    // page would repeat the first page's last row and Pending would count ROWS + 1.
    let pages = 0
    await page.route(
      (url) => url.pathname === routes.adminDmcaTakedowns,
      async (route) => {
        const answer = await route.fetch()
        if (++pages === 1)
          withServerDb(app.server, (db) =>
            db.run(
              `insert into dmca_takedowns (reference_number, status, complainant_name, complainant_email, copyright_owner, work_description, infringement_description, infringing_urls, electronic_signature, good_faith_statement, accuracy_statement, created_at, updated_at)
             values ('DMCA-ELATE', 'pending', 'Late Complainant', 'a@example.com', 'Owner', 'A work', 'Copied', '[]', 'Sig', 1, 1, ?, ?)`,
              [now, now],
            ),
          )
        await route.fulfill({ response: answer })
      },
    )
    await page.goto(`${app.server.url}/adm/dmca`)
    const oldest = page.getByRole('list', { name: 'Takedown requests' }).getByRole('button', { name: /Complainant 00001/ })
    await oldest.scrollIntoViewIfNeeded()
    await oldest.click()
    await page
      .getByLabel(/^Takedown request #/)
      .getByText('Complainant 00001')
      .waitFor()
    await expect(cardNumber(page, 'Pending')).resolves.toBe(ROWS)
    expect(pages).toBe(2)
    await page.context().close()
  })

  test('the audit screen shows every entry and its search finds one on the last page', async () => {
    seedRows(
      `insert into audit_logs (event, timestamp, context) select 'DEPLOYMENT_STARTUP', ?, json_object('marker', printf('entry-%05d', i)) from n`,
      [new Date().toISOString()],
    )
    const total = countRows(app.server, 'select count(*) as n from audit_logs')
    expect(total).toBeGreaterThan(ADMIN_PAGE_MAX)
    const page = await adminPage(app)
    await page.goto(`${app.server.url}/adm/logs`)
    await page.getByText(`Showing ${total} of ${total} log entries`).waitFor()
    await expect(cardNumber(page, 'Total Logs')).resolves.toBe(total)
    await page.getByLabel('Search').fill('entry-00001')
    await page.getByText(`Showing 1 of ${total} log entries`).waitFor()
    await page.getByRole('list', { name: 'Audit log entries' }).getByText('"marker": "entry-00001"').waitFor()
    await page.context().close()
  })

  test('the bucket screen counts every object and scrolls to the last one', async () => {
    const dir = join(app.server.dataDir, 'bucket', 'media')
    mkdirSync(dir, { recursive: true })
    for (let i = 0; i < ROWS; i++) writeFileSync(join(dir, `paged-${String(i).padStart(4, '0')}.jpg`), 'x')
    const last = `media/paged-${String(ROWS - 1).padStart(4, '0')}.jpg`
    const page = await adminPage(app)
    await page.goto(`${app.server.url}/adm/bucket`)
    const files = page.getByRole('list', { name: 'Bucket files' })
    await files.getByText('media/paged-0000.jpg').waitFor()
    await expect(cardNumber(page, 'Total Files')).resolves.toBe(ROWS)
    await files.evaluate((el) => el.parentElement!.scrollTo(0, el.parentElement!.scrollHeight))
    await files.getByText(last, { exact: true }).waitFor()
    await page.context().close()
  })
})
