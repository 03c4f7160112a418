/** Story: a visitor sees the figures of their uploads on /stats and deletes one of them. */
import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { FIXTURES, useServerAndBrowser } from '../support/browser'

const app = useServerAndBrowser()

describe('my stats', () => {
  test('a visitor without uploads is told so, then deletes one of two uploads from /stats', async () => {
    const page = await (await app.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
    await page.goto(`${app.server.url}/stats`)
    await page.getByText("You haven't uploaded any media yet").waitFor()

    await page.getByRole('link', { name: 'Upload Media' }).first().click()
    await page.getByLabel('Choose files').setInputFiles(['tabby-cat.png', 'kite-sky-portrait.mp4'].map((f) => join(FIXTURES, f)))
    await page.getByRole('button', { name: 'Upload All' }).click()
    await page.getByRole('listitem', { name: 'kite-sky-portrait.mp4' }).getByText('Uploaded').waitFor()
    await page.getByRole('link', { name: 'My Stats' }).click()

    await page.getByRole('article', { name: 'tabby-cat.png' }).waitFor()
    expect(await page.getByLabel('Total Uploads').textContent()).toBe('Total Uploads2')
    const cat = page.getByRole('article', { name: 'tabby-cat.png' })
    expect(await cat.textContent()).toContain('0.2 MB')
    await expect(
      page.getByRole('article', { name: 'kite-sky-portrait.mp4' }).getByText('Video', { exact: true }).isVisible(),
    ).resolves.toBe(true)

    await cat.getByRole('button', { name: 'Delete' }).click()
    await page.getByText('Are you sure you want to delete "tabby-cat.png"? This action cannot be undone.').waitFor()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await page.getByText('Your media has been successfully deleted.').first().waitFor()
    await cat.waitFor({ state: 'detached' })
    expect(await page.getByLabel('Total Uploads').textContent()).toBe('Total Uploads1')
  })
})
