/**
 * Stories: the primitives behave for keyboard users. A Switch (email capture) toggles with
 * Space and Enter and says so through aria-checked; a Checkbox (Active on the ad form) toggles with Space; a Field
 * (vote threshold) ties its hint and, after a refused save, its error to the input through aria-describedby.
 */
import { describe, expect, test } from 'bun:test'
import type { Locator } from 'playwright-core'
import { useServerAndBrowser } from '../support/browser'
import { adminPage } from '../support/seed'

const app = useServerAndBrowser()

/** The texts of the elements whose ids are in locator's aria-describedby, in order. */
const descriptions = (locator: Locator) =>
  locator.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? `missing #${id}`),
  )

describe('design system primitives', () => {
  test('an admin toggles the email-capture switch and the Active checkbox with the keyboard only', async () => {
    const page = await adminPage(app)
    await page.goto(`${app.server.url}/adm/email-capture`)
    const toggle = page.getByRole('switch', { name: 'Enable email capture' })
    expect(await toggle.getAttribute('aria-checked')).toBe('false')
    await toggle.focus()
    await page.keyboard.press('Space')
    expect(await toggle.getAttribute('aria-checked')).toBe('true')
    await page.getByText('Unsaved Changes', { exact: true }).waitFor()
    await page.keyboard.press('Enter')
    expect(await toggle.getAttribute('aria-checked')).toBe('false')
    await page.getByText('Unsaved Changes', { exact: true }).waitFor({ state: 'detached' })

    await page.goto(`${app.server.url}/adm/ads`)
    const active = page.getByRole('region', { name: 'Ad Zone 1' }).getByRole('checkbox', { name: 'Active' })
    expect(await active.isChecked()).toBe(true)
    await active.focus()
    await page.keyboard.press('Space')
    expect(await active.isChecked()).toBe(false)
    await page.getByRole('region', { name: 'Ad Zone 1' }).getByText('Unsaved Changes', { exact: true }).waitFor()
    await page.context().close()
  })

  test('a field describes its input with the hint, and with the error once a save is refused', async () => {
    const page = await adminPage(app)
    await page.goto(`${app.server.url}/adm/email-capture`)
    const threshold = page.getByLabel('Vote threshold')
    await expect(descriptions(threshold)).resolves.toEqual(['Votes a visitor casts before the prompt appears (1-100).'])
    expect(await threshold.getAttribute('aria-invalid')).toBeNull()
    await threshold.fill('0')
    await page.getByRole('button', { name: 'Save Configuration' }).click()
    await page.getByRole('alert').filter({ hasText: 'Vote threshold must be at least 1' }).waitFor()
    await expect(descriptions(threshold)).resolves.toEqual([
      'Votes a visitor casts before the prompt appears (1-100).',
      'Vote threshold must be at least 1',
    ])
    expect(await threshold.getAttribute('aria-invalid')).toBe('true')
    await page.context().close()
  })
})
