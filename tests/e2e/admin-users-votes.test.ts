/**
 * Stories (admin-back-office §2 User Management, Vote Population, Export Votes): an admin filters and sorts users,
 * scrolls 10,000 users that stay virtualised, populates votes through the pauses, and downloads the votes as Excel.
 * Data is made through the API or straight in the server's SQLite file.
 */
import { describe, expect, test } from 'bun:test'
import type { Database } from 'bun:sqlite'
import ExcelJS from 'exceljs'
import { useServerAndBrowser } from '../support/browser'
import { adminPage, newVisitor, seedUploads } from '../support/seed'
import { withServerDb } from '../support/server-db'

const app = useServerAndBrowser()
const DAY = 24 * 60 * 60 * 1000
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString()

const withDb = <T>(fn: (db: Database) => T) => withServerDb(app.server, fn)

/** Makes a visitor through POST /api/session, then sets its dates and login count in the database. */
async function makeUser(
  username: string,
  created: string,
  lastLogin: string | null,
  logins: number,
  location?: { latitude: number; longitude: number },
) {
  const user = await newVisitor(app.server, { username, ...location })
  expect(user.username).toBe(username)
  withDb((db) =>
    db.run('update users set created_at = ?, last_login_at = ?, login_count = ? where id = ?', [created, lastLogin, logins, user.id]),
  )
}

describe('admin users and votes', () => {
  test('an admin filters users by the last 7 days and sorts them by logins', async () => {
    await makeUser('alice_e2e', daysAgo(2), daysAgo(1), 5, { latitude: 48.8566, longitude: 2.3522 })
    await makeUser('bob_e2e', daysAgo(3), daysAgo(2), 12)
    await makeUser('carol_e2e', daysAgo(30), daysAgo(20), 30)
    await makeUser('dave_e2e', daysAgo(1), null, 0)
    const page = await adminPage(app)
    await page.goto(`${app.server.url}/adm/users`)
    await page.getByText('Showing 4 of 4 users').waitFor()
    await expect(page.getByLabel('Total Users').textContent()).resolves.toBe('Total Users4')
    await expect(page.getByLabel('Active Users').textContent()).resolves.toBe('Active Users0')
    const table = page.getByRole('region', { name: 'Users' })
    const order = async () => (await table.getByRole('row').allTextContents()).slice(1).map((t) => t.match(/[a-z]+_e2e/)?.[0])
    expect(await order()).toEqual(['dave_e2e', 'alice_e2e', 'bob_e2e', 'carol_e2e'])
    const alice = table.getByRole('row').filter({ hasText: 'alice_e2e' })
    await alice.getByText('48.86, 2.35').waitFor()
    await alice.getByText('No email').waitFor()
    await table.getByRole('row').filter({ hasText: 'dave_e2e' }).getByText('Never').waitFor()

    await page.getByRole('button', { name: 'Date Range Filters' }).click()
    await page.getByRole('group', { name: 'User Created Date' }).getByLabel('Period').selectOption({ label: 'Last N days' })
    await expect(page.getByRole('group', { name: 'User Created Date' }).getByLabel('Days').inputValue()).resolves.toBe('7')
    await page.getByRole('button', { name: 'Apply Filters' }).click()
    await page.getByText('Showing 3 of 4 users').waitFor()
    await page.getByRole('group', { name: 'Last Login Date' }).getByLabel('Period').selectOption({ label: 'Last N days' })
    await page.getByRole('button', { name: 'Apply Filters' }).click()
    await page.getByText('Showing 2 of 4 users').waitFor()
    expect(await order()).toEqual(['alice_e2e', 'bob_e2e'])

    await page.getByRole('button', { name: 'Logins' }).click()
    await expect(page.getByRole('columnheader', { name: 'Logins' }).getAttribute('aria-sort')).resolves.toBe('descending')
    expect(await order()).toEqual(['bob_e2e', 'alice_e2e'])
    await page.getByRole('button', { name: 'Logins' }).click()
    await expect(page.getByRole('columnheader', { name: 'Logins' }).getAttribute('aria-sort')).resolves.toBe('ascending')
    expect(await order()).toEqual(['alice_e2e', 'bob_e2e'])

    await page.getByRole('group', { name: 'User Created Date' }).getByLabel('Period').selectOption({ label: 'Today' })
    await page.getByRole('group', { name: 'Last Login Date' }).getByLabel('Period').selectOption({ label: 'All Time' })
    await page.getByRole('button', { name: 'Apply Filters' }).click()
    await page.getByText('No users found').waitFor()
    await page.getByText('Showing 0 of 4 users').waitFor()
    await page.getByRole('button', { name: 'Reset Filters' }).click()
    await page.getByText('Showing 4 of 4 users').waitFor()
    expect(await order()).toEqual(['dave_e2e', 'alice_e2e', 'bob_e2e', 'carol_e2e'])
    await page.context().close()
  })

  test('10,000 users render only the rows in view, and scrolling reaches the last one', async () => {
    withDb((db) => {
      const insert = db.prepare(
        'insert into users (session_id, username, created_at, last_login_at, login_count, is_synthetic) values (?, ?, ?, ?, ?, 0)',
      )
      db.transaction(() => {
        db.run('delete from users')
        const start = Date.UTC(2024, 5, 1)
        for (let i = 0; i < 10_000; i++)
          insert.run(
            `bulk${String(i).padStart(28, '0')}`,
            `bulk_${String(i).padStart(5, '0')}`,
            new Date(start - i * 60_000).toISOString(),
            null,
            i % 7,
          )
      })()
    })
    const page = await adminPage(app)
    await page.goto(`${app.server.url}/adm/users`)
    await page.getByText('Showing 10000 of 10000 users').waitFor()
    const table = page.getByRole('region', { name: 'Users' })
    await table.getByText('bulk_00000', { exact: true }).waitFor()
    const rows = await table.getByRole('row').count()
    expect(rows).toBeGreaterThan(5)
    expect(rows).toBeLessThan(200)
    await table.evaluate((el) => el.scrollTo(0, el.scrollHeight))
    await table.getByText('bulk_09999', { exact: true }).waitFor()
    expect(await table.getByRole('row').count()).toBeLessThan(200)
    await expect(table.getByText('bulk_00000', { exact: true }).count()).resolves.toBe(0)
    await page.context().close()
  })

  test('an admin populates votes through the pauses, and the results match the database', async () => {
    const { ownerId } = await seedUploads(app.server, ['tabby-cat.png', 'yellow-daisy.webp', 'storm-over-highway.jpg'])
    // 57 more rows (population reads only ids): 60 items of at least 10 votes each must pause after 500 votes.
    withDb((db) => {
      const insert = db.prepare(
        'insert into media (user_id, storage_key, original_name, mime_type, size, sha256, uploaded_at) values (?, ?, ?, ?, ?, ?, ?)',
      )
      db.transaction(() => {
        for (let i = 0; i < 57; i++)
          insert.run(ownerId, `extra-${i}.jpg`, `extra-${i}.jpg`, 'image/jpeg', 1000, String(i).padStart(64, 'f'), new Date().toISOString())
      })()
    })
    const page = await adminPage(app)
    await page.goto(`${app.server.url}/adm/populate-votes`)
    await page
      .getByText(
        'Each media item gets 10 to 50 votes from synthetic users, with a 70-100% Hot bias. Processing pauses every 500 votes; continue to go on.',
      )
      .waitFor()
    await page.getByRole('button', { name: 'Start Vote Population' }).click()
    await page.getByRole('button', { name: 'Continue Processing' }).waitFor()
    await page.getByText(/^Paused after \d+ votes: \d+ of 60 media processed/).waitFor()
    await page.getByRole('progressbar', { name: 'Population progress' }).waitFor()
    await page.getByRole('button', { name: 'Stop Processing' }).click()
    await page.getByRole('button', { name: 'Start Vote Population' }).waitFor()
    await expect(page.getByLabel('Total Votes').count()).resolves.toBe(0)

    await page.getByRole('button', { name: 'Start Vote Population' }).click()
    const complete = page.getByRole('button', { name: 'Population Complete' })
    const proceed = page.getByRole('button', { name: 'Continue Processing' })
    for (let calls = 1; ; calls++) {
      await proceed.and(page.locator(':enabled')).or(complete).waitFor()
      if (await complete.isVisible()) break
      expect(calls).toBeLessThan(15)
      await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/admin/populate-votes')), proceed.click()])
    }
    expect(await complete.isDisabled()).toBe(true)
    await page.getByText('Population complete: 60 media processed.').waitFor()
    const db = withDb((db) => ({
      votes: db.query<{ n: number; hot: number }, []>('select count(*) as n, sum(is_hot) as hot from votes').get()!,
      synthetic: db
        .query<{ n: number; lo: number; hi: number }, []>(
          'select count(*) as n, min(id) as lo, max(id) as hi from users where is_synthetic = 1',
        )
        .get()!,
      perItem: db
        .query<{ n: number }, []>('select count(*) as n from votes group by media_id')
        .all()
        .map((r) => r.n),
    }))
    expect(db.perItem.length).toBe(60)
    for (const n of db.perItem) expect(n >= 10 && n <= 50).toBe(true)
    await expect(page.getByLabel('Media Processed').textContent()).resolves.toBe('Media Processed60 of 60')
    await expect(page.getByLabel('Total Votes').textContent()).resolves.toBe(`Total Votes${db.votes.n}`)
    await expect(page.getByLabel('Users Created').textContent()).resolves.toBe(`Users Created${db.synthetic.n}`)
    await expect(page.getByLabel('Hot Percentage').textContent()).resolves.toBe(
      `Hot Percentage${Math.round((db.votes.hot / db.votes.n) * 1000) / 10}%`,
    )
    await expect(page.getByLabel('User ID Range').textContent()).resolves.toBe(`User ID Range${db.synthetic.lo}-${db.synthetic.hi}`)

    await page.getByRole('button', { name: 'Fix User Sequence' }).click()
    const maxId = withDb((db) => db.query<{ id: number }, []>('select max(id) as id from users').get()!.id)
    await page.getByText(`Next user ID: ${maxId + 1}`).waitFor()
    await page.context().close()
  })

  test('an admin downloads the votes table as an Excel file with one row per vote', async () => {
    const page = await adminPage(app)
    await page.goto(`${app.server.url}/adm/export-votes`)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Votes Table' }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`votes_export_${new Date().toISOString().slice(0, 10)}.xlsx`)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile((await download.path())!)
    const rows: unknown[][] = []
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
    expect(rows[0]).toEqual(['user_id', 'media_id', 'is_hot', 'voted_at'])
    const votes = withDb((db) =>
      db
        .query<{ user_id: number; media_id: number; is_hot: number; created_at: string }, []>(
          'select user_id, media_id, is_hot, created_at from votes order by id',
        )
        .all(),
    )
    expect(votes.length).toBeGreaterThan(500)
    expect(rows.slice(1)).toEqual(votes.map((v) => [v.user_id, v.media_id, v.is_hot ? 'true' : 'false', v.created_at]))
    await page.getByText(`Saved ${download.suggestedFilename()}`).waitFor()
    await page.context().close()
  })

  test('a stale admin token shows the session-expired text on users, population and export', async () => {
    const context = await app.browser.newContext()
    await context.addInitScript(() => localStorage.setItem('adminToken', btoa('admin:wrong-password')))
    const page = await context.newPage()
    const expired = page.getByText('Your admin session may have expired. Please log in again at /adm')
    await page.goto(`${app.server.url}/adm/users`)
    await expired.waitFor()
    await page.goto(`${app.server.url}/adm/populate-votes`)
    await page.getByRole('button', { name: 'Start Vote Population' }).click()
    await expired.waitFor()
    await page.goto(`${app.server.url}/adm/export-votes`)
    await page.getByRole('button', { name: 'Download Votes Table' }).click()
    await expired.waitFor()
    await page.getByText('Failed to export votes data').first().waitFor()
    await context.close()
  })

  test('a page without a stored token offers Go to Admin Login', async () => {
    const page = await (await app.browser.newContext()).newPage()
    await page.goto(`${app.server.url}/adm/populate-votes`)
    await page.getByText('Admin authentication required. Please log in to the admin portal first.').waitFor()
    await page.getByRole('button', { name: 'Go to Admin Login' }).click()
    await page.waitForURL(`${app.server.url}/adm`)
    await page.context().close()
  })
})
