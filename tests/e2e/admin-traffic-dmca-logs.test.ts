/** Stories (admin-back-office §2 Traffic Handlers, DMCA, Audit Logs): an admin sets redirects, processes a takedown and filters and exports the audit logs. */
import { describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { format } from 'date-fns'
import type { Page } from 'playwright-core'
import { useServerAndBrowser } from '../support/browser'
import { adminPage, newVisitor, seedUploads } from '../support/seed'

const app = useServerAndBrowser()

let counter = 0
/** Files a takedown as a visitor (no login needed); answers its id and the complainant's email. */
async function fileTakedown(name: string, mediaId?: number): Promise<{ id: number; email: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}${counter++}@example.com`
  const body = {
    complainantName: name,
    complainantEmail: email,
    complainantPhone: '+44 20 7946 0000',
    copyrightOwner: 'Analytical Engines Ltd',
    workDescription: 'My photograph of a mountain meadow at dawn',
    infringementDescription: 'The photo was uploaded without my permission',
    infringingUrls: JSON.stringify(['https://hotvote.example/media/1', 'http://mirror.example/x']),
    mediaId,
    goodFaithStatement: true,
    accuracyStatement: true,
    electronicSignature: name,
  }
  const res = await fetch(`${app.server.url}/api/dmca-takedown`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(201)
  return { id: ((await res.json()) as { id: number }).id, email }
}

const adminGet = async <T>(path: string): Promise<T> =>
  (await fetch(`${app.server.url}${path}`, { headers: { authorization: app.server.adminAuth } })).json() as Promise<T>

/** The number on a count or stat card, found by its exact label. */
const cardNumber = async (page: Page, label: string) =>
  Number((await page.getByLabel(label, { exact: true }).textContent())?.replace(label, ''))

describe('admin traffic handlers, DMCA and audit logs', () => {
  test('an admin saves an idle redirect and a back-button redirect, and a visitor going back lands on it', async () => {
    const page = await adminPage(app)
    await page.goto(`${app.server.url}/adm/traffic-handlers`)
    const idle = page.getByRole('region', { name: 'Idle Session Redirects' })
    await idle.getByText('Last updated: Never').waitFor()
    expect(await idle.getByRole('button', { name: 'Save Idle Redirect' }).isDisabled()).toBe(true)

    await idle.getByLabel('Idle time (seconds)').fill('10')
    await idle.getByLabel('Idle redirect URL').fill('example.com/landing')
    await idle.getByText('Unsaved Changes').waitFor()
    await idle.getByRole('button', { name: 'Save Idle Redirect' }).click()
    await idle.getByText('Idle redirect time must be at least 30 seconds').waitFor()
    await idle.getByText('Please enter a valid URL including http:// or https://').waitFor()
    expect(await adminGet<unknown[]>('/api/admin/idle-redirect-history')).toEqual([])

    await idle.getByLabel('Idle time (seconds)').fill('')
    await idle.getByText('After 30 seconds without activity, visitors are sent to example.com/landing').waitFor()
    await idle.getByRole('button', { name: 'Reset Changes' }).click()
    await expect(idle.getByLabel('Idle time (seconds)').inputValue()).resolves.toBe('300')
    await idle.getByText('Idle redirect is disabled: no URL is set.').waitFor()

    const idleUrl = `${app.server.url}/dmca?from=idle`
    await idle.getByLabel('Idle time (seconds)').fill('30')
    await idle.getByLabel('Idle redirect URL').fill(idleUrl)
    await idle.getByRole('button', { name: 'Save Idle Redirect' }).click()
    await page.getByText('Idle redirect settings have been saved successfully.').first().waitFor()
    const idleCurrent = idle.getByLabel('Current idle redirect settings')
    await idleCurrent.getByText('Idle time: 30 seconds').waitFor()
    await idleCurrent.getByText(`Redirect URL: ${idleUrl}`).waitFor()
    await idleCurrent.getByText('Status: Active').waitFor()
    await idle.getByLabel('Idle Redirect History').getByText(`30s → ${idleUrl}`).waitFor()
    expect(await idle.getByText('Unsaved Changes').count()).toBe(0)
    expect(await adminGet<{ idleRedirectTime: number; idleRedirectUrl: string }[]>('/api/admin/idle-redirect-history')).toMatchObject([
      { idleRedirectTime: 30, idleRedirectUrl: idleUrl },
    ])

    const back = page.getByRole('region', { name: 'Back Button Redirects' })
    const backUrl = `${app.server.url}/stats?from=back`
    await back.getByLabel('Back button redirect URL').fill('ftp://files.example/x')
    await back.getByRole('button', { name: 'Save Back Button Redirect' }).click()
    await back.getByText('Please enter a valid URL including http:// or https://').waitFor()
    await back.getByLabel('Back button redirect URL').fill(backUrl)
    await back.getByText(`When visitors press Back to leave the site, they are sent to ${backUrl}`).waitFor()
    await back.getByRole('button', { name: 'Save Back Button Redirect' }).click()
    await page.getByText('Back button redirect settings have been saved successfully.').first().waitFor()
    await back.getByLabel('Current back button settings').getByText(`Redirect URL: ${backUrl}`).waitFor()
    await back.getByLabel('Back Button History').getByText(backUrl).waitFor()

    const visitor = await (await app.browser.newContext()).newPage()
    await visitor.goto(`${app.server.url}/profile`)
    await visitor.getByText(/^Member since /).waitFor()
    // The redirect arms itself once the back-button config has loaded: it pushes a history entry to catch Back.
    await visitor.waitForFunction(() => (history.state as { backRedirect?: boolean } | null)?.backRedirect === true)
    await visitor.goBack()
    await visitor.waitForURL(backUrl)
    await visitor.context().close()

    // The idle redirect needs 30 quiet seconds on a visitor page.
    const idleVisitor = await (await app.browser.newContext()).newPage()
    await idleVisitor.goto(`${app.server.url}/upload`)
    await idleVisitor.waitForURL(idleUrl, { timeout: 45_000 })
    await idleVisitor.context().close()
    await page.context().close()
  }, 90_000)

  test('an admin reviews and resolves a takedown, and the named media is no longer offered for rating', async () => {
    const { mediaIds } = await seedUploads(app.server, ['tabby-cat.png', 'yellow-daisy.webp'])
    const [named, other] = mediaIds
    await fileTakedown('Grace Hopper', named)
    const page = await adminPage(app)
    await page.goto(`${app.server.url}/adm/dmca`)
    await page.getByText('Select a takedown request to view details').waitFor()
    const before = {
      pending: await cardNumber(page, 'Pending'),
      reviewed: await cardNumber(page, 'Reviewed'),
      resolved: await cardNumber(page, 'Resolved'),
    }

    const item = page.getByRole('button', { name: /Grace Hopper/ })
    await item.getByText(`Media #${named}`).waitFor()
    await item.click()
    const detail = page.getByLabel(/^Takedown request #/)
    await detail.getByText('+44 20 7946 0000').waitFor()
    await detail.getByText('My photograph of a mountain meadow at dawn').waitFor()
    await detail.getByRole('link', { name: 'http://mirror.example/x' }).waitFor()
    expect(await detail.getByRole('button').allTextContents()).toEqual(['Mark as Reviewed', 'Resolve', 'Reject'])
    await detail.getByPlaceholder('Add notes about this takedown request...').fill('Checked the upload')
    await detail.getByRole('button', { name: 'Mark as Reviewed' }).click()
    await page.getByText('Success: DMCA takedown updated successfully').first().waitFor()
    await page.getByText('Select a takedown request to view details').waitFor()
    await expect(cardNumber(page, 'Pending')).resolves.toBe(before.pending - 1)
    await expect(cardNumber(page, 'Reviewed')).resolves.toBe(before.reviewed + 1)

    await item.click()
    await expect(detail.getByLabel('Admin Notes').inputValue()).resolves.toBe('Checked the upload')
    expect(await detail.getByRole('button').allTextContents()).toEqual(['Resolve', 'Reject'])
    await detail.getByLabel('Admin Notes').fill('Checked the upload; media removed')
    await detail.getByRole('button', { name: 'Resolve' }).click()
    await page.getByText('Success: DMCA takedown updated successfully').first().waitFor()
    await page.getByText('Select a takedown request to view details').waitFor()
    await expect(cardNumber(page, 'Reviewed')).resolves.toBe(before.reviewed)
    await expect(cardNumber(page, 'Resolved')).resolves.toBe(before.resolved + 1)
    await item.click()
    expect(await detail.getByRole('button').allTextContents()).toEqual(['Reopen'])
    const stored = (await adminGet<{ complainantName: string; status: string; adminNotes: string }[]>('/api/admin/dmca-takedowns')).find(
      (r) => r.complainantName === 'Grace Hopper',
    )
    expect(stored).toMatchObject({ status: 'resolved', adminNotes: 'Checked the upload; media removed' })

    const visitor = await newVisitor(app.server)
    const cookie = visitor.cookie
    const queue = (await (await fetch(`${app.server.url}/api/media/queue/${visitor.id}?limit=50`, { headers: { cookie } })).json()) as {
      id: number
    }[]
    expect(queue.map((m) => m.id)).toContain(other)
    expect(queue.map((m) => m.id)).not.toContain(named)
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${app.server.url}/api/media/random/${visitor.id}?exclude=${other}`, { headers: { cookie } })
      const picked = res.status === 200 ? ((await res.json()) as { id: number } | null) : null
      expect(picked?.id).not.toBe(named)
    }
    await page.context().close()
  })

  test('the DMCA and audit screens without a stored token say Admin authentication required', async () => {
    const page = await (await app.browser.newContext()).newPage()
    await page.goto(`${app.server.url}/adm/dmca`)
    await page.getByText('Admin authentication required').waitFor()
    expect(page.url()).toBe(`${app.server.url}/adm/dmca`)
    await page.goto(`${app.server.url}/adm/logs`)
    await page.getByText('Failed to load audit logs: Admin authentication required').waitFor()
    expect(page.url()).toBe(`${app.server.url}/adm/logs`)
    await page.context().close()
  })

  test('an admin filters the audit logs by event, search and date, and exports only the filtered entries', async () => {
    const first = await fileTakedown('Ada Lovelace')
    await fileTakedown('Alan Turing')
    const all = await adminGet<{ event: string; timestamp: string; context: { complainantEmail?: string } }[]>('/api/admin/audit-logs')
    const created = all.filter((e) => e.event === 'DMCA_TAKEDOWN_CREATED')
    const entry = created.find((e) => e.context.complainantEmail === first.email)!
    expect(created.length).toBeGreaterThanOrEqual(2)

    const page = await adminPage(app)
    await page.goto(`${app.server.url}/adm/logs`)
    await page.getByText(`Showing ${all.length} of ${all.length} log entries`).waitFor()
    await expect(cardNumber(page, 'Total Logs')).resolves.toBe(all.length)
    await expect(cardNumber(page, 'Days Active')).resolves.toBe(new Set(all.map((e) => e.timestamp.slice(0, 10))).size)

    await page.getByLabel('Event Type').selectOption('DMCA_TAKEDOWN_CREATED')
    await page.getByText(`Showing ${created.length} of ${all.length} log entries`).waitFor()
    await page.getByLabel('Search').fill(first.email.toUpperCase())
    await page.getByText(`Showing 1 of ${all.length} log entries`).waitFor()
    await page.getByRole('list', { name: 'Audit log entries' }).getByText(`"complainantEmail": "${first.email}"`).waitFor()
    await page.getByLabel('Date').fill('2020-01-01')
    await page.getByText('No audit logs found matching your criteria').waitFor()
    await page.getByLabel('Date').fill(entry.timestamp.slice(0, 10))
    await page.getByText(`Showing 1 of ${all.length} log entries`).waitFor()

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()])
    expect(download.suggestedFilename()).toBe(`audit-logs-${format(new Date(), 'yyyy-MM-dd')}.json`)
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      event: string
      context: { complainantEmail: string }
    }[]
    expect(exported).toHaveLength(1)
    expect(exported[0]).toMatchObject({ event: 'DMCA_TAKEDOWN_CREATED', context: { complainantEmail: first.email } })
    await page.getByText('Audit logs exported successfully').first().waitFor()
    await page.context().close()
  })

  // Last: it drops the redirect tables of this file's server.
  test('the traffic handlers page asks for a database migration when its tables are missing', async () => {
    const db = new Database(join(app.server.dataDir, 'hotvote.sqlite'))
    db.run('drop table idle_redirect_configs')
    db.run('drop table back_button_configs')
    db.close()
    const page = await adminPage(app)
    await page.goto(`${app.server.url}/adm/traffic-handlers`)
    await page.getByText('Database Migration Required').waitFor()
    await page.getByText(/^Table missing/).waitFor()
    expect(await page.getByRole('region', { name: 'Idle Session Redirects' }).count()).toBe(0)
    await page.context().close()
  })
})
