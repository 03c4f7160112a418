/** Story (issue #3): a visitor saves their account by the emailed link and comes back as that user in a fresh app.browser. */
import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { useServerAndBrowser } from '../support/browser'
import { newVisitor } from '../support/seed'

const app = useServerAndBrowser()

/** The newest magic link mailed to `to`, read from the outbox .eml files (quoted-printable undone). */
function linkMailedTo(to: string): string {
  const dir = join(app.server.dataDir, 'outbox')
  const mails = readdirSync(dir).sort().map((f) => readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
  const mail = mails.filter((m) => m.includes(`To: ${to}`)).at(-1)!
  return mail.match(/https?:\/\/\S+\/auth\/verify\?token=[A-Za-z0-9_-]+/)![0]
}

describe('saving an account', () => {
  test('the emailed link logs a fresh browser in as the same user', async () => {
    const first = await app.browser.newPage()
    await first.goto(`${app.server.url}/profile`)
    await first.getByText(/^Member since /).waitFor()
    const username = (await first.getByTestId('sidebar-user').locator('p').first().textContent())!
    expect(await first.getByRole('button', { name: 'Send Magic Link' }).isDisabled()).toBe(true)
    await first.getByLabel('Email for your magic link').fill('keeper@example.com')
    await first.getByRole('button', { name: 'Send Magic Link' }).click()
    await first.getByText('Check your email for a secure login link to save your account.').first().waitFor()

    const link = linkMailedTo('keeper@example.com')
    const fresh = await (await app.browser.newContext()).newPage()
    await fresh.goto(link)
    await fresh.getByText("You've successfully logged in to your saved account.").first().waitFor()
    await fresh.waitForURL(`${app.server.url}/`)
    await fresh.getByTestId('sidebar-user').getByText(username).waitFor()
    await fresh.goto(`${app.server.url}/profile`)
    await fresh.getByText('Your account is saved with keeper@example.com.').waitFor()

    // The link works once: opening it again shows the verification error.
    const again = await (await app.browser.newContext()).newPage()
    await again.goto(link)
    await again.getByRole('heading', { name: 'Verification Error' }).waitFor()
    await again.getByText('Invalid or expired magic link').first().waitFor()
  })
})

describe('a crafted magic-link return (issue #10)', () => {
  test("?verified=true&session=<another visitor's id> does not move the visitor into that account", async () => {
    const other = await newVisitor(app.server)
    const otherSessionId = other.cookie.replace('sid=', '')
    const page = await (await app.browser.newContext()).newPage()
    await page.goto(`${app.server.url}/`)
    const user = page.getByTestId('sidebar-user')
    await user.getByText('Active', { exact: true }).waitFor()
    const me = (await user.locator('p').first().textContent())!
    const mySessionId = await page.evaluate(() => JSON.parse(localStorage.getItem('hotvote.session')!).sessionId as string)

    await page.goto(`${app.server.url}/?verified=true&session=${otherSessionId}`)
    await page.getByText('Account verification failed').first().waitFor()
    await page.waitForURL(`${app.server.url}/`)
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('hotvote.session')!).sessionId)).toBe(mySessionId)
    await page.reload()
    await user.getByText(me, { exact: true }).waitFor()
    expect(await user.getByText(other.username, { exact: true }).count()).toBe(0)
    expect((await page.context().cookies()).find((c) => c.name === 'sid')?.value).toBe(mySessionId)
  })
})

