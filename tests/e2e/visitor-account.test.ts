/**
 * Story: a visitor saves their account by the emailed link and comes back as that user in a fresh browser,
 * after confirming whose account the link opens; someone else's save link leaves a visitor's own session alone.
 */
import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { useServerAndBrowser } from '../support/browser'
import { newVisitor } from '../support/seed'

const app = useServerAndBrowser()

/** The newest magic link mailed to `to`, read from the outbox .eml files (quoted-printable undone). */
function linkMailedTo(to: string): string {
  const dir = join(app.server.dataDir, 'outbox')
  const mails = readdirSync(dir)
    .sort()
    .map((f) =>
      readFileSync(join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
  const mail = mails.filter((m) => m.includes(`To: ${to}`)).at(-1)!
  return mail.match(/https?:\/\/\S+\/auth\/verify\?token=[A-Za-z0-9_-]+/)![0]
}

describe('saving an account', () => {
  test("the emailed link shows a fresh browser whose account it opens and logs it in on 'Continue as'", async () => {
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
    await fresh.getByText('k***@example.com').waitFor()
    await fresh.getByRole('button', { name: `Continue as ${username}` }).click()
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

  test('the browser that asked for the link completes it on load', async () => {
    const page = await (await app.browser.newContext()).newPage()
    await page.goto(`${app.server.url}/profile`)
    await page.getByText(/^Member since /).waitFor()
    const mySessionId = await page.evaluate(() => JSON.parse(localStorage.getItem('hotvote.session')!).sessionId as string)
    await page.getByLabel('Email for your magic link').fill('same@example.com')
    await page.getByRole('button', { name: 'Send Magic Link' }).click()
    await page.getByText('Check your email for a secure login link to save your account.').first().waitFor()
    await page.goto(linkMailedTo('same@example.com'))
    await page.getByText("You've successfully logged in to your saved account.").first().waitFor()
    await page.waitForURL(`${app.server.url}/`)
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('hotvote.session')!).sessionId)).toBe(mySessionId)
  })
})

describe("a save link someone else asked for the visitor's address", () => {
  test("shows the asker's account, and 'Not me' keeps the visitor's own session", async () => {
    const attacker = await newVisitor(app.server)
    const sent = await fetch(`${app.server.url}/api/auth/send-magic-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: attacker.cookie, 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ email: 'victim@example.com', sessionId: attacker.cookie.replace('sid=', '') }),
    })
    expect(sent.status).toBe(200)
    const page = await (await app.browser.newContext()).newPage()
    await page.goto(`${app.server.url}/`)
    const user = page.getByTestId('sidebar-user')
    await user.getByText('Active', { exact: true }).waitFor()
    const me = (await user.locator('p').first().textContent())!
    const mySessionId = await page.evaluate(() => JSON.parse(localStorage.getItem('hotvote.session')!).sessionId as string)

    const link = linkMailedTo('victim@example.com')
    await page.goto(link)
    await page.getByText('v***@example.com', { exact: false }).waitFor()
    await page.getByRole('button', { name: `Continue as ${attacker.username}` }).waitFor()
    await page.getByRole('button', { name: 'Not me' }).click()
    await page.waitForURL(`${app.server.url}/`)
    await user.getByText(me, { exact: true }).waitFor()
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('hotvote.session')!).sessionId)).toBe(mySessionId)
    expect((await page.context().cookies()).find((c) => c.name === 'sid')?.value).toBe(mySessionId)
    expect(await user.getByText(attacker.username, { exact: true }).count()).toBe(0)
    // 'Not me' uses nothing: the token is still unused.
    const info = await fetch(`${app.server.url}/api/auth/link-info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ token: new URL(link).searchParams.get('token') }),
    })
    expect(info.status).toBe(200)
  })
})

describe('a crafted magic-link return', () => {
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
