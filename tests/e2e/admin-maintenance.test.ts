/**
 * Stories (admin-back-office §2 Database Administration, Bucket Management): an admin checks, imports, purges and
 * resets the database and clears duplicate files from the bucket (the ad and email-capture screens are in
 * admin-ads-email-capture.test.ts). The tests share one server and run in order; each reads what it expects from the
 * admin API just before acting, and the reset comes last.
 */
import { describe, expect, test } from 'bun:test'
import { utimesSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { FIXTURES, useServerAndBrowser } from '../support/browser'
import { adminGet as getAsAdmin, adminPage, newVisitor, seedUploads } from '../support/seed'

const app = useServerAndBrowser()
type Counts = { totalUsers: number; totalMedia: number; totalVotes: number; totalViews: number }
type BucketFile = { key: string; size: number; lastModified: string }

/** Streams one fixture into the bucket through the admin API; the new key. */
async function bucketUpload(fixture: string): Promise<string> {
  const form = new FormData()
  form.append('file', Bun.file(join(FIXTURES, fixture)), fixture)
  const res = await fetch(`${app.server.url}/api/admin/bucket-upload`, {
    method: 'POST',
    headers: { authorization: app.server.adminAuth },
    body: form,
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { key: string }).key
}

/** GET an admin path with the admin's credentials (status 200); the parsed JSON. */
const adminGet = <T>(path: string) => getAsAdmin<T>(app.server, path)

const stepRow = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true })
const cardValue = async (page: Page, label: string) => (await page.getByLabel(label, { exact: true }).textContent())?.replace(label, '')

describe('admin maintenance screens', () => {
  test('an admin runs the four database tests and reads the statistics, also through /adm/db-test', async () => {
    const { mediaIds } = await seedUploads(app.server, ['tabby-cat.png', 'yellow-daisy.webp'])
    const voter = await newVisitor(app.server)
    const vote = await fetch(`${app.server.url}/api/votes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: voter.cookie, origin: app.server.url },
      body: JSON.stringify({ userId: voter.id, mediaId: mediaIds[0], isHot: true }),
    })
    expect(vote.status).toBe(201)
    expect(
      (
        await fetch(`${app.server.url}/api/media/${mediaIds[0]}/view`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: voter.cookie, origin: app.server.url },
          body: JSON.stringify({ userId: voter.id }),
        })
      ).status,
    ).toBe(204)
    const counts = await adminGet<Counts>('/api/db-test/counts')

    const page = await adminPage(app)
    await page.goto(`${app.server.url}/adm/db-test`)
    await page.waitForURL(`${app.server.url}/adm/dbtest`)
    await page.getByRole('heading', { name: 'Database Administration' }).waitFor()
    for (const name of ['Database Connection', 'Table Schema Check', 'Data Counts', 'Sample Queries'])
      await expect(stepRow(page, name).textContent()).resolves.toContain('pending')
    await page.getByRole('button', { name: 'Run Database Tests' }).click()
    for (const name of ['Database Connection', 'Table Schema Check', 'Data Counts', 'Sample Queries']) {
      await stepRow(page, name).getByText('success').waitFor()
      await expect(stepRow(page, name).textContent()).resolves.toMatch(/\d+ ms/)
    }
    await expect(stepRow(page, 'Table Schema Check').textContent()).resolves.toContain('users')
    await expect(stepRow(page, 'Data Counts').textContent()).resolves.toContain(
      `Users: ${counts.totalUsers}, Media: ${counts.totalMedia}, Votes: 1, Views: 1`,
    )
    await expect(stepRow(page, 'Sample Queries').textContent()).resolves.toContain('yellow-daisy.webp')
    expect([
      await cardValue(page, 'Users'),
      await cardValue(page, 'Media'),
      await cardValue(page, 'Votes'),
      await cardValue(page, 'Views'),
    ]).toEqual([String(counts.totalUsers), String(counts.totalMedia), '1', '1'])
    await page.context().close()
  })

  test('an admin counts inactive accounts, cancels, then confirms the purge', async () => {
    for (let i = 0; i < 3; i++) await newVisitor(app.server)
    const before = await adminGet<{ inactiveUsers: number; totalUsers: number; percentage: number }>('/api/admin/inactive-accounts-count')
    expect(before.inactiveUsers).toBeGreaterThanOrEqual(3)

    const page = await adminPage(app)
    await page.goto(`${app.server.url}/adm/dbtest`)
    const card = page.getByLabel('Purge Inactive Accounts')
    await card.getByRole('button', { name: 'Check Inactive Accounts' }).click()
    const confirm = page.getByRole('group', { name: 'Confirm purge' })
    await confirm.getByText(`Inactive accounts: ${before.inactiveUsers}`).waitFor()
    await confirm.getByText(`Total users: ${before.totalUsers}`).waitFor()
    await confirm.getByText(`Percentage: ${before.percentage}%`).waitFor()
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await confirm.waitFor({ state: 'detached' })
    expect((await adminGet<{ inactiveUsers: number }>('/api/admin/inactive-accounts-count')).inactiveUsers).toBe(before.inactiveUsers)

    await card.getByRole('button', { name: 'Check Inactive Accounts' }).click()
    await confirm.getByRole('button', { name: 'Confirm' }).click()
    await card.getByText(`Deleted: ${before.inactiveUsers}`).waitFor()
    await card.getByText(`Remaining users: ${before.totalUsers - before.inactiveUsers}`).waitFor()
    await confirm.waitFor({ state: 'detached' })
    expect(await adminGet('/api/admin/inactive-accounts-count')).toMatchObject({
      inactiveUsers: 0,
      totalUsers: before.totalUsers - before.inactiveUsers,
    })
    await page.context().close()
  })

  test('an admin finds duplicate files, selects all but the newest of each group and deletes them', async () => {
    const olderCups = await bucketUpload('colorful-cups.png')
    const olderMarigold = await bucketUpload('red-marigold.webp')
    const newerCups = await bucketUpload('colorful-cups.png')
    const newerMarigold = await bucketUpload('red-marigold.webp')
    // The first copies are a minute older (the fs bucket's last-modified time is the file's mtime).
    const minuteAgo = new Date(Date.now() - 60_000)
    for (const key of [olderCups, olderMarigold]) utimesSync(join(app.server.dataDir, 'bucket', key), minuteAgo, minuteAgo)
    const { files } = await adminGet<{ files: BucketFile[] }>('/api/admin/list-bucket-files')

    const page = await adminPage(app)
    await page.goto(`${app.server.url}/adm/bucket`)
    await page.getByRole('checkbox', { name: newerMarigold }).waitFor()
    expect(await cardValue(page, 'Provider')).toBe('fs')
    expect(await cardValue(page, 'Total Files')).toBe(String(files.length))
    await page.getByRole('button', { name: 'Delete Selected (0)' }).click()
    expect((await adminGet<{ files: BucketFile[] }>('/api/admin/list-bucket-files')).files.length).toBe(files.length)

    await page.getByRole('button', { name: 'Select All' }).click()
    expect(await cardValue(page, 'Selected')).toBe(String(files.length))
    await page.getByRole('button', { name: 'Select All' }).click()
    expect(await cardValue(page, 'Selected')).toBe('0')

    await page.getByRole('button', { name: 'Find Duplicates' }).click()
    const groups = page.getByRole('listitem', { name: /^Duplicate group/ })
    await groups.first().waitFor()
    const groupTexts = await groups.allTextContents()
    expect(groupTexts.some((t) => t.startsWith('hash') && t.includes(olderCups) && t.includes(newerCups))).toBe(true)
    expect(groupTexts.some((t) => t.startsWith('hash') && t.includes(olderMarigold) && t.includes(newerMarigold))).toBe(true)
    await page.getByRole('button', { name: 'Select Duplicates' }).click()
    expect(await cardValue(page, 'Selected')).toBe('2')
    for (const key of [olderCups, olderMarigold]) expect(await page.getByRole('checkbox', { name: key }).isChecked()).toBe(true)
    for (const key of [newerCups, newerMarigold]) expect(await page.getByRole('checkbox', { name: key }).isChecked()).toBe(false)

    await page.getByRole('button', { name: 'Delete Selected (2)' }).click()
    await page.getByText('Deleted 2 of 2 files').first().waitFor()
    await page.getByRole('checkbox', { name: olderCups }).waitFor({ state: 'detached' })
    await page.getByRole('checkbox', { name: olderMarigold }).waitFor({ state: 'detached' })
    await page.getByRole('checkbox', { name: newerCups }).waitFor()
    await page.getByRole('checkbox', { name: newerMarigold }).waitFor()
    await page
      .getByLabel('Total Files', { exact: true })
      .getByText(String(files.length - 2))
      .waitFor()
    const after = (await adminGet<{ files: BucketFile[] }>('/api/admin/list-bucket-files')).files.map((f) => f.key)
    expect(after).toContain(newerCups)
    expect(after).toContain(newerMarigold)
    expect(after).not.toContain(olderCups)
    expect(after).not.toContain(olderMarigold)
    await page.context().close()
  })

  test('an admin imports media dropped into the bucket, and the database tests rerun by themselves', async () => {
    await bucketUpload('autumn-mountain-meadow.jpg')
    await bucketUpload('kite-sky-portrait.mp4')
    const totalFiles = (await adminGet<{ files: BucketFile[] }>('/api/admin/list-bucket-files')).files.length
    const before = await adminGet<Counts>('/api/db-test/counts')

    const page = await adminPage(app)
    await page.goto(`${app.server.url}/adm/dbtest`)
    await expect(stepRow(page, 'Data Counts').textContent()).resolves.toContain('pending')
    const card = page.getByLabel('Import Media from Bucket')
    await card.getByRole('button', { name: 'Import Media from Bucket' }).click()
    await card.getByText(`Total files: ${totalFiles}`).waitFor()
    const after = await adminGet<Counts>('/api/db-test/counts')
    const imported = after.totalMedia - before.totalMedia
    expect(imported).toBeGreaterThanOrEqual(2)
    await card.getByText(`Imported ${imported} of ${totalFiles} files`).waitFor()
    await card.getByText(`Imported: ${imported}`, { exact: true }).waitFor()
    await card.getByText('Errors: 0').waitFor()
    await stepRow(page, 'Sample Queries').getByText('success').waitFor()
    expect(await cardValue(page, 'Media')).toBe(String(after.totalMedia))
    await page.context().close()
  })

  test('an admin resets the database through both warnings, and the tests and statistics clear', async () => {
    const page = await adminPage(app)
    await page.goto(`${app.server.url}/adm/dbtest`)
    await page.getByRole('button', { name: 'Run Database Tests' }).click()
    await stepRow(page, 'Sample Queries').getByText('success').waitFor()
    expect(Number(await cardValue(page, 'Users'))).toBeGreaterThan(0)

    const card = page.getByLabel('Database Reset')
    await card.getByRole('button', { name: 'I Understand' }).click()
    const warning = page.getByRole('alertdialog', { name: 'Final warning' })
    await warning.getByText('Type RESET DATABASE to confirm.').waitFor()
    await warning.getByRole('button', { name: 'Cancel' }).click()
    await warning.waitFor({ state: 'detached' })
    expect((await adminGet<Counts>('/api/db-test/counts')).totalUsers).toBeGreaterThan(0)

    await card.getByRole('button', { name: 'I Understand' }).click()
    await warning.getByRole('button', { name: 'Reset Database' }).click()
    await card.getByText('Database reset complete: users, media, votes, views, tokens and takedowns were deleted').waitFor()
    await page.getByText('Run the database tests to see the statistics.').waitFor()
    for (const name of ['Database Connection', 'Table Schema Check', 'Data Counts', 'Sample Queries']) {
      const text = await stepRow(page, name).textContent()
      expect(text).toContain('pending')
      expect(text).not.toMatch(/\d+ ms/)
    }
    expect(await adminGet<Counts>('/api/db-test/counts')).toMatchObject({ totalUsers: 0, totalMedia: 0, totalVotes: 0, totalViews: 0 })
    await page.context().close()
  })
})
