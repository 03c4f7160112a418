/**
 * Stories (admin-back-office §2 Advertisement Management, Email Capture Configuration): an admin sets the ad and the
 * skip button the rate screen shows, and the email-capture prompt; bad values are refused with the contract's words.
 */
import { describe, expect, test } from 'bun:test'
import { useServerAndBrowser } from '../support/browser'
import { adminGet as getAsAdmin, adminPage, seedUploads } from '../support/seed'

const app = useServerAndBrowser()

/** GET an admin path with the admin's credentials (status 200); the parsed JSON. */
const adminGet = <T>(path: string) => getAsAdmin<T>(app.server, path)

describe('admin ads and email capture', () => {
  test('an admin saves the ad shown on the rate screen, and an invalid skip URL is refused before a good one is saved', async () => {
    // Something to rate, so the visitor's rate screen shows the ad and the skip button.
    await seedUploads(app.server, ['tabby-cat.png'])
    const page = await adminPage(app)
    await page.goto(`${app.server.url}/adm/ads`)
    const zone = page.getByRole('region', { name: 'Ad Zone 1' })
    await expect(zone.getByLabel('Zone name').inputValue()).resolves.toBe('Ad Zone 1')
    expect(await zone.getByRole('button', { name: 'Save Configuration' }).isDisabled()).toBe(true)
    await zone.getByLabel('Zone name').fill('  ')
    await zone.getByRole('button', { name: 'Save Configuration' }).click()
    await zone.getByText('Zone name cannot be empty').waitFor()
    await zone.getByRole('button', { name: 'Reset Changes' }).click()
    await expect(zone.getByLabel('Zone name').inputValue()).resolves.toBe('Ad Zone 1')
    await zone.getByLabel('Ad code').fill('<p>Fresh coffee, two streets away</p>')
    await zone.getByText('Unsaved Changes').waitFor()
    await zone.getByRole('button', { name: 'Save Configuration' }).click()
    await page.getByText('Ad Zone 1 has been saved.').first().waitFor()
    await zone.getByText('Unsaved Changes').waitFor({ state: 'detached' })
    expect(await adminGet('/api/admin/ad-config/zone1')).toMatchObject({
      zoneName: 'Ad Zone 1',
      adCode: '<p>Fresh coffee, two streets away</p>',
      isActive: true,
    })

    const skip = page.getByRole('region', { name: 'Skip Button Configuration' })
    await expect(skip.getByLabel('Button text').inputValue()).resolves.toBe('Skip this photo')
    await expect(skip.getByLabel('Zone name').inputValue()).resolves.toBe('Skip Button')
    await skip.getByLabel('Button text').fill('Show me another')
    await skip.getByLabel('Destination URL (optional)').fill('not a url')
    await skip.getByRole('button', { name: 'Save Configuration' }).click()
    await skip.getByText('Please enter a valid URL (e.g., https://example.com)').waitFor()
    expect(
      (await fetch(`${app.server.url}/api/admin/ad-config/skip-button`, { headers: { authorization: app.server.adminAuth } })).status,
    ).toBe(404)
    await skip.getByLabel('Destination URL (optional)').fill('https://example.com/next')
    await skip.getByRole('button', { name: 'Save Configuration' }).click()
    await page.getByText('The skip button has been saved.').first().waitFor()
    expect(await adminGet('/api/admin/ad-config/skip-button')).toMatchObject({
      zoneName: 'Skip Button',
      buttonText: 'Show me another',
      buttonUrl: 'https://example.com/next',
      isActive: true,
    })
    await page.reload()
    await expect(
      page.getByRole('region', { name: 'Skip Button Configuration' }).getByLabel('Destination URL (optional)').inputValue(),
    ).resolves.toBe('https://example.com/next')

    const visitor = await (await app.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
    await visitor.goto(`${app.server.url}/`)
    await visitor.frameLocator('iframe[title="Ad zone1"]').getByText('Fresh coffee, two streets away').waitFor()
    await visitor.getByRole('button', { name: 'Show me another' }).waitFor()
    await visitor.context().close()
    await page.context().close()
  })

  test('an admin sets the email-capture threshold: 0 is refused, 3 is saved and still there after a reload', async () => {
    const page = await adminPage(app)
    await page.goto(`${app.server.url}/adm/email-capture`)
    const threshold = page.getByLabel('Vote threshold')
    await expect(threshold.inputValue()).resolves.toBe('5')
    await page.getByRole('switch').check()
    await threshold.fill('0')
    await page.getByText('You have unsaved changes. Save them to apply them to the site.').waitFor()
    await page.getByRole('button', { name: 'Save Configuration' }).click()
    await page.getByText('Vote threshold must be at least 1').waitFor()
    expect(await adminGet('/api/admin/email-capture-config')).toMatchObject({ isEnabled: false, voteThreshold: 5 })

    await threshold.fill('3')
    await page.getByRole('button', { name: 'Save Configuration' }).click()
    await page.getByText('Email capture settings have been saved.').first().waitFor()
    await page.getByText('Vote threshold must be at least 1').waitFor({ state: 'detached' })
    expect(await adminGet('/api/admin/email-capture-config')).toMatchObject({ isEnabled: true, voteThreshold: 3 })
    await page.reload()
    await expect(page.getByLabel('Vote threshold').inputValue()).resolves.toBe('3')
    expect(await page.getByRole('switch').isChecked()).toBe(true)
    expect(await page.getByRole('button', { name: 'Save Configuration' }).isDisabled()).toBe(true)
    await page.context().close()
  })
})
