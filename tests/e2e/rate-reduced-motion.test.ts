/**
 * Rate screen for motion-sensitive visitors: with prefers-reduced-motion nothing animates or transitions,
 * through a vote's reveal too, and the video does not autoplay but has a visible Play/Pause control (WCAG 2.2.2); an
 * animated GIF stays on its still poster.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { useServerAndBrowser } from '../support/browser'
import { seedUploads } from '../support/seed'
import { putFirstOnPage } from '../support/first-screen-document'

const app = useServerAndBrowser()
beforeAll(() => seedUploads(app.server, ['yellow-daisy.webp', 'flowers-crossfade-tone.mp4']))

describe('the rate screen with prefers-reduced-motion', () => {
  test('nothing animates or transitions, and the video waits for its Play control', async () => {
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' })
    const page = await context.newPage()
    await page.goto(`${app.server.url}/`)
    const hot = page.getByRole('button', { name: 'Hot', exact: true })
    // Vote until the video is on screen, checking every item and every reveal on the way.
    const noMotion = () =>
      page.evaluate(() => ({
        running: document.getAnimations().filter((a) => a.playState === 'running').length,
        moving: [...document.querySelectorAll('*')].filter((el) => {
          const style = getComputedStyle(el)
          const longest = (list: string) => Math.max(...list.split(',').map((s) => parseFloat(s) || 0))
          return longest(style.transitionDuration) > 0 || (style.animationName !== 'none' && longest(style.animationDuration) > 0)
        }).length,
      }))
    let previous = ''
    for (let i = 0; i < 6; i++) {
      await hot.waitFor()
      // A new item (not the one just voted on) is on screen and Hot is enabled again: right after a click, Hot can
      // still read enabled for the old item, and a second click would then vote on the next one.
      previous = await page
        .waitForFunction((old) => {
          const media = document.querySelector(
            'button[aria-label="Open full-screen viewer"] img, button[aria-label="Open full-screen viewer"] video',
          )
          const hotButton = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Hot')
          const src = media?.getAttribute('src')
          return src && src !== old && hotButton?.getAttribute('aria-disabled') === 'false' ? src : false
        }, previous)
        .then((handle) => handle.jsonValue() as Promise<string>)
      expect(await noMotion()).toEqual({ running: 0, moving: 0 })
      // A video shows its poster image first and mounts the <video> once the poster has painted: wait for it.
      if (previous.endsWith('/poster.webp'))
        await page.locator('button[aria-label="Open full-screen viewer"] video').waitFor({ state: 'attached' })
      if ((await page.locator('button[aria-label="Open full-screen viewer"] video').count()) > 0) break
      await hot.click()
      expect(await noMotion()).toEqual({ running: 0, moving: 0 })
    }
    const video = page.locator('button[aria-label="Open full-screen viewer"] video')
    // Loaded far enough to play, and still paused: no autoplay.
    await page.waitForFunction(
      () =>
        ((document.querySelector('button[aria-label="Open full-screen viewer"] video') as HTMLVideoElement | null)?.readyState ?? 0) >= 2,
    )
    expect(await video.evaluate((v: HTMLVideoElement) => ({ paused: v.paused, autoplay: v.autoplay }))).toEqual({
      paused: true,
      autoplay: false,
    })
    await page.getByRole('button', { name: 'Play video' }).press('Enter')
    await page.getByRole('button', { name: 'Pause video' }).waitFor()
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false)
    await page.getByRole('button', { name: 'Pause video' }).press('Enter')
    await page.getByRole('button', { name: 'Play video' }).waitFor()
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true)
  })

  test('an animated GIF first stays on its still poster, and none of its animation is asked for', async () => {
    const [gif] = (await seedUploads(app.server, ['mountain-sunset-animated.gif'])).media
    expect(gif.posterUrl).toMatch(/\/poster\.webp$/)
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' })
    const page = await context.newPage()
    await putFirstOnPage(page, app.server.url, gif.id)
    const asked: string[] = []
    page.on('request', (r) => asked.push(new URL(r.url()).pathname))
    const stem = new URL(gif.url, app.server.url).pathname.replace(/\.gif$/, '/')
    // The queue's warming of another item starts once the first item has loaded, when the animation would be asked for.
    const warming = page.waitForRequest((r) => r.url().includes('/api/media/file/') && !r.url().includes(stem))
    await page.goto(`${app.server.url}/`)
    await warming
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(done)))))
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll('button[aria-label="Open full-screen viewer"] img')].map((img) => img.getAttribute('src')),
    )
    expect(shown).toEqual([gif.posterUrl])
    const animation = [gif.url, ...gif.variants.map((v) => v.url)].map((url) => new URL(url, app.server.url).pathname)
    expect(asked.filter((path) => animation.includes(path))).toEqual([])
    await context.close()
  })
})
