/** Story: a rights holder files a takedown, fixing a validation error first. */
import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { useServerAndBrowser } from '../support/browser'

const app = useServerAndBrowser()

describe('DMCA takedown', () => {
  test('a submission with a too-short description is refused, then goes through and is confirmed by email', async () => {
    const page = await app.browser.newPage()
    await page.goto(`${app.server.url}/dmca`)
    await page.getByRole('heading', { name: 'DMCA Takedown Request' }).waitFor()
    await page.getByLabel('Full name', { exact: true }).fill('Grace Hopper')
    await page.getByLabel('Email', { exact: true }).fill('grace@example.com')
    await page.getByLabel('Copyright owner', { exact: true }).fill('Grace Hopper')
    await page.getByLabel('Description of the copyrighted work', { exact: true }).fill('Short')
    await page.getByLabel('Description of the infringement', { exact: true }).fill('My photo is shown here without a licence')
    await page
      .getByLabel('Infringing URLs (one per line)', { exact: true })
      .fill('https://hotvote.example/media/3\n\nhttps://hotvote.example/media/4')
    await page.getByRole('checkbox', { name: /good faith belief/ }).check()
    await page.getByLabel('Electronic signature (type your full name)', { exact: true }).fill('Grace Hopper')
    await page.getByRole('button', { name: 'Submit Takedown Request' }).click()

    await page.getByText('Please provide a detailed description of your work').waitFor()
    await page.getByText('You must confirm the accuracy statement').waitFor()
    await page
      .getByLabel('Description of the copyrighted work', { exact: true })
      .fill('My photograph of the harbour at night, taken in 2024')
    await page.getByRole('checkbox', { name: /penalty of perjury/ }).check()
    await page.getByRole('button', { name: 'Submit Takedown Request' }).click()

    await page.getByRole('heading', { name: 'DMCA Takedown Submitted' }).waitFor()
    await page.getByText('Your takedown request has been submitted and will be reviewed by our team.').first().waitFor()
    const reference = (await page.locator('strong', { hasText: 'DMCA-' }).textContent())!
    expect(reference).toMatch(/^DMCA-\d{8}-[0-9A-F]{6}$/)
    const outbox = join(app.server.dataDir, 'outbox')
    const mail = readdirSync(outbox)
      .map((f) => readFileSync(join(outbox, f), 'utf8'))
      .find((m) => m.includes(reference))
    expect(mail).toContain('To: grace@example.com')
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await page.getByRole('heading', { name: 'No Photos to Rate' }).waitFor()
  })
})
