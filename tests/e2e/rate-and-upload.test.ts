/** Story: visitor A uploads real photos and a video; visitor B rates them all and ends on the done message. */
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { join } from 'node:path'
import { FIXTURES, useServerAndBrowser } from '../support/browser'
import { waitForReveal } from '../support/rate-screen'

const app = useServerAndBrowser()

const CHOSEN = ['autumn-mountain-meadow.jpg', 'colorful-cups.png', 'flowers-crossfade-tone.mp4']
const PASTED = 'red-marigold.webp'

/** Pastes the fixture image into the page as a clipboard file. */
async function pasteImage(page: Page, name: string) {
  const bytes = Array.from(await Bun.file(join(FIXTURES, name)).bytes())
  await page.evaluate(
    ({ bytes, name }) => {
      const file = new File([new Uint8Array(bytes)], name, { type: 'image/webp' })
      const data = new DataTransfer()
      data.items.add(file)
      document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }))
    },
    { bytes, name },
  )
}

describe('rating and uploading', () => {
  test('a visitor uploads photos and a video, another rates every one and sees the done message', async () => {
    const a = await (await app.browser.newContext()).newPage()
    await a.goto(`${app.server.url}/`)
    await a.getByRole('heading', { name: 'No Photos to Rate' }).waitFor()
    await a.getByRole('link', { name: 'Upload Your First Photo' }).click()
    await a.getByRole('heading', { name: 'Upload Media' }).waitFor()

    await a.getByLabel('Choose files').setInputFiles(CHOSEN.map((f) => join(FIXTURES, f)))
    await pasteImage(a, PASTED)
    await a.getByText('Image from clipboard added to upload queue').first().waitFor()
    await a.getByRole('button', { name: 'Upload All' }).click()
    for (const name of [...CHOSEN, PASTED])
      await a
        .getByRole('listitem', { name: new RegExp(name.split('.')[0]) })
        .getByText('Uploaded')
        .waitFor({ timeout: 20_000 })
    expect(await a.getByRole('button', { name: 'Upload All' }).isDisabled()).toBe(true)

    const b = await (await app.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
    await b.goto(`${app.server.url}/`)
    const seen: string[] = []
    for (let i = 0; i < CHOSEN.length + 1; i++) {
      // Wait for an item not rated yet: a new file with no votes. An item is its key's stem, whichever of its files
      // is on screen: a video shows its poster (<stem>/poster.webp) before its <video> (<stem>.mp4) mounts, and a
      // photo one of its variants (<stem>/w<width>.webp).
      const item = await b.waitForFunction((prev) => {
        const el = document.querySelector(
          'button[aria-label="Open full-screen viewer"] img, button[aria-label="Open full-screen viewer"] video',
        )
        const key = el
          ?.getAttribute('src')
          ?.replace(/\/(poster|w\d+)\.webp$/, '')
          .replace(/\.[a-z0-9]+$/i, '')
        return key && key !== prev ? key : false
      }, seen.at(-1) ?? '')
      seen.push((await item.jsonValue()) as string)
      await b.getByRole('img', { name: '0% Hot, 0% Not' }).waitFor()
      const hot = i % 2 === 0
      await b.keyboard.press(hot ? 'h' : 'ArrowLeft')
      // The item just voted on shows its new figures before the next one.
      await waitForReveal(b, hot ? '100% Hot, 0% Not' : '0% Hot, 100% Not', '1')
    }
    await b.getByText('You have rated all the media we have right now - check back soon for more!').waitFor()
    expect(new Set(seen).size).toBe(CHOSEN.length + 1)
    await b.getByRole('button', { name: 'Refresh for more images' }).waitFor()
  })

  test('an unknown path shows the 404 page', async () => {
    const page = await app.browser.newPage()
    await page.goto(`${app.server.url}/no/such/page`)
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor()
  })
})
