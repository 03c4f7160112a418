/** Story: a visitor logs out, is welcomed back, and starts again as a new user; the email input checks addresses. */
import { describe, expect, test } from 'bun:test'
import { useServerAndBrowser } from '../support/browser'
import { waitForPersistedQuery } from '../support/pwa'

const app = useServerAndBrowser()

describe('logout and welcome back', () => {
  test('Logout shows Welcome Back; a typo is suggested; Login as a New User starts a fresh session', async () => {
    const page = await (await app.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
    await page.goto(`${app.server.url}/`)
    const user = page.getByTestId('sidebar-user')
    await user.getByText('Active', { exact: true }).waitFor()
    const before = (await user.locator('p').first().textContent())!
    // The hard path: after the reload the restored query cache still holds this user, and Welcome Back must open
    // anyway. Wait until the user is persisted, so every run takes that path.
    await waitForPersistedQuery(page, 'session')

    await user.getByRole('button', { name: 'User menu' }).click()
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    const dialog = page.getByRole('dialog', { name: 'Welcome Back' })
    await dialog.waitFor()
    // The server expired the session cookie too.
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('sid')
    await dialog.getByText('Or', { exact: true }).waitFor()
    expect(await dialog.getByRole('button', { name: 'Send Login Link' }).isDisabled()).toBe(true)

    await dialog.getByLabel('Email').focus()
    await dialog.getByLabel('Email').blur()
    await dialog.getByText('Email address is required').waitFor()
    await dialog.getByLabel('Email').fill('someone@gmial.com')
    await dialog.getByRole('button', { name: 'Did you mean: someone@gmail.com?' }).click()
    // The corrected address is checked again: wait for that check, not the first one's result.
    await page.waitForFunction(
      () => (document.getElementById('welcome-back-email') as HTMLInputElement | null)?.value === 'someone@gmail.com',
    )
    await dialog.getByRole('button', { name: 'Did you mean: someone@gmail.com?' }).waitFor({ state: 'detached' })
    await dialog.getByText('Email looks good!').waitFor()
    await dialog.getByRole('button', { name: 'Send Login Link', disabled: false }).click()
    await page.getByText('Check your email for a secure login link to access your existing account.').first().waitFor()
    await dialog.waitFor({ state: 'detached' })

    // Sending a link cleared the logged-out flag: a reload starts a session again; log out once more.
    await page.reload()
    await user.getByRole('button', { name: 'User menu' }).click()
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await page.getByRole('dialog', { name: 'Welcome Back' }).getByRole('button', { name: 'Login as a New User' }).click()
    await user.getByText('Active', { exact: true }).waitFor()
    await page.waitForFunction((old) => {
      const name = document.querySelector('[data-testid="sidebar-user"] p')?.textContent
      return !!name && name !== 'Loading...' && name !== old
    }, before)
  })
})
