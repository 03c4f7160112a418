/**
 * Rate screen for keyboard users: three votes with the keyboard only keep focus on the Hot button and are
 * each announced in the polite live region; the one-key shortcuts can be turned off in the profile.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { useServerAndBrowser } from '../support/browser'
import { seedUploads } from '../support/seed'

const app = useServerAndBrowser()
beforeAll(() => seedUploads(app.server, ['tabby-cat.png', 'yellow-daisy.webp', 'colorful-cups.png', 'autumn-mountain-meadow.jpg']))

describe('the rate screen without a mouse', () => {
  test('Tab to Hot, then Enter three times: focus stays on Hot and each result is announced', async () => {
    const page = await (await app.browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
    await page.goto(`${app.server.url}/`)
    const hot = page.getByRole('button', { name: 'Hot', exact: true })
    await hot.waitFor()
    // Every text the live region takes, in order.
    await page.evaluate(() => {
      const region = document.querySelector('[data-testid="vote-announcer"]')!
      const said: string[] = ((window as unknown as { said: string[] }).said = [])
      new MutationObserver(() => region.textContent && said.push(region.textContent)).observe(region, {
        childList: true,
        characterData: true,
        subtree: true,
      })
    })
    const hotFocused = () => hot.evaluate((el) => el === document.activeElement)
    for (let tabs = 0; !(await hotFocused()); tabs++) {
      expect(tabs).toBeLessThan(20)
      await page.keyboard.press('Tab')
    }

    const srcs: string[] = []
    for (let vote = 1; vote <= 3; vote++) {
      // The next item is on screen and can be voted on (the previous result has gone).
      await page.waitForFunction((seen) => {
        const media = document.querySelector(
          'button[aria-label="Open full-screen viewer"] img, button[aria-label="Open full-screen viewer"] video',
        )
        const hotButton = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Hot')
        return media && !seen.includes(media.getAttribute('src')!) && hotButton?.getAttribute('aria-disabled') === 'false'
      }, srcs)
      srcs.push((await page.locator('button[aria-label="Open full-screen viewer"]').locator('img, video').getAttribute('src'))!)
      await page.keyboard.press('Enter')
      await page.waitForFunction((n) => (window as unknown as { said: string[] }).said.length === n, vote)
      expect(await hotFocused()).toBe(true)
    }
    const said = await page.evaluate(() => (window as unknown as { said: string[] }).said)
    expect(said).toHaveLength(3)
    for (const text of said) expect(text).toMatch(/^Voted Hot: \d+% Hot, \d+% Not$/)
    expect(await page.getByRole('status').filter({ hasText: 'Voted Hot' }).getAttribute('aria-live')).toBe('polite')
    // Focus is still on the rating controls once the third result has gone and the fourth item shows.
    await page.waitForFunction((seen) => {
      const media = document.querySelector(
        'button[aria-label="Open full-screen viewer"] img, button[aria-label="Open full-screen viewer"] video',
      )
      return media && !seen.includes(media.getAttribute('src')!)
    }, srcs)
    expect(await hotFocused()).toBe(true)
  })

  test('the one-key shortcuts can be turned off in the profile', async () => {
    const page = await (await app.browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
    await page.goto(`${app.server.url}/profile`)
    const toggle = page.getByRole('checkbox', { name: /One-key voting/ })
    expect(await toggle.isChecked()).toBe(true)
    await toggle.uncheck()
    await page.getByRole('link', { name: 'Rate Photos' }).click()
    const hot = page.getByRole('button', { name: 'Hot', exact: true })
    await hot.waitFor()
    expect(await page.getByText('Keys: H or → for Hot, N or ← for Not').count()).toBe(0)
    expect(await hot.getAttribute('aria-keyshortcuts')).toBeNull()
    const src = await page.locator('button[aria-label="Open full-screen viewer"]').locator('img, video').getAttribute('src')
    await page.keyboard.press('h')
    // A vote would announce its result at once; the key did nothing.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    expect(await page.getByTestId('vote-announcer').textContent()).toBe('')
    expect(await page.locator('button[aria-label="Open full-screen viewer"]').locator('img, video').getAttribute('src')).toBe(src)
    await page.reload()
    await hot.waitFor()
    expect(await page.evaluate(() => localStorage.getItem('hotvote.shortcuts'))).toBe('off')
  })
})
