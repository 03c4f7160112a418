/** Story: a visitor changes their username, is stopped on a taken one, and sees their session info. */
import { describe, expect, test } from 'bun:test'
import { useServerAndBrowser } from '../support/browser'

const app = useServerAndBrowser()

describe('profile', () => {
  test('a taken username is flagged and refused; a free one is saved', async () => {
    const first = await app.browser.newPage()
    await first.goto(`${app.server.url}/profile`)
    await first.getByLabel('Username').fill('HarbourLights')
    await first.getByText('✓ Username is available').waitFor()
    await first.getByRole('button', { name: 'Save Changes' }).click()
    await first.getByText('Your profile has been successfully updated.').first().waitFor()

    const page = await (await app.browser.newContext()).newPage()
    await page.goto(`${app.server.url}/profile`)
    await page.getByText(/^Member since /).waitFor()
    await expect(page.getByLabel('Session info').textContent()).resolves.toMatch(/User ID: \d+Session ID: [0-9a-z]{32}/)
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByText('No Changes').first().waitFor()

    await page.getByLabel('Username').fill('harbourlights')
    await page.getByText('✗ Username is already taken').waitFor()
    expect(await page.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true)

    await page.getByLabel('Username').fill('QuietHarbour')
    await page.getByText('✓ Username is available').waitFor()
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByText('Your profile has been successfully updated.').first().waitFor()
    await page.getByTestId('sidebar-user').getByText('QuietHarbour').waitFor()
  })
})
