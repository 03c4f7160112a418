/**
 * Accessibility: axe-core with the WCAG 2.2 AA rules finds no serious or critical violation on any visitor
 * screen, the open user menu, each dialog (Save Account, Login as Different User, Welcome Back, a media detail) or any
 * /adm screen, at 390x844 and 1280x800; every page has one <h1> and a working 'Skip to content' link.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { useServerAndBrowser, type TestServer } from '../support/browser'
import { adminPage, seedUploads } from '../support/seed'
import { expectNoSeriousViolations } from '../support/accessibility'

const app = useServerAndBrowser()
beforeAll(() => seedUploads(app.server, ['tabby-cat.png']))

/** The two viewports, each with the icon its visitor uploads as their own media (distinct files: the bucket refuses duplicates). */
const VIEWPORTS = [
  { width: 390, height: 844, upload: '/icons/icon-192.png' },
  { width: 1280, height: 800, upload: '/icons/icon-512.png' },
]
const VISITOR_SCREENS = [
  { path: '/', heading: 'Open full-screen viewer', role: 'button' },
  { path: '/upload', heading: 'Upload Media' },
  { path: '/stats', heading: 'My Stats' },
  { path: '/profile', heading: 'Edit Profile' },
  { path: '/dmca', heading: 'DMCA Takedown Request' },
  // The 404 page stands alone (no navigation to skip).
  { path: '/no-such-page', heading: '404 Page Not Found', standalone: true },
] as const
const ADMIN_SCREENS = [
  ['/adm/media', 'Media'],
  ['/adm/users', 'User Management'],
  ['/adm/vote-multiplier', 'Vote Multiplier Settings'],
  ['/adm/populate-votes', 'Vote Population'],
  ['/adm/export-votes', 'Export Votes'],
  ['/adm/dbtest', 'Database Administration'],
  ['/adm/bucket', 'Bucket Management'],
  ['/adm/traffic-handlers', 'Traffic Handlers'],
  ['/adm/ads', 'Advertisement Management'],
  ['/adm/email-capture', 'Email Capture Configuration'],
  ['/adm/dmca', 'DMCA Takedown Management'],
  ['/adm/logs', 'Audit Logs'],
] as const

/** Asserts the page has exactly one <h1> and a skip link that moves focus to the main content. */
async function expectHeadingAndSkipLink(page: Page, where: string) {
  expect({ where, h1: await page.locator('h1').count() }).toEqual({ where, h1: 1 })
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true)
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => document.activeElement?.id === 'main-content')
}

/** The visible user menu button (each layout has its own bar). */
const userMenu = (page: Page) => page.getByRole('button', { name: /User menu/ }).locator('visible=true')

/** A visitor page at viewport, with a session and one upload of its own, the file at the app's path upload (so /stats has a card). */
async function visitorPage(browser: Browser, server: TestServer, { upload, ...viewport }: (typeof VIEWPORTS)[number]) {
  const page = await (await browser.newContext({ viewport })).newPage()
  await page.goto(`${server.url}/upload`)
  await page.getByRole('heading', { name: 'Upload Media' }).waitFor()
  await page.evaluate(async (upload) => {
    const user = (await (await fetch('/api/session')).json()) as { id: number }
    const png = await (await fetch(upload)).blob()
    const form = new FormData()
    form.append('userId', String(user.id))
    form.append('file', new File([png], `mine-${user.id}.png`, { type: 'image/png' }))
    const res = await fetch('/api/media/upload', { method: 'POST', body: form })
    if (res.status !== 201) throw new Error(`upload: ${res.status}`)
  }, upload)
  return page
}

/**
 * The bound of each test: one axe run over a full page takes tens of seconds of wall time on a machine loaded by other
 * CPU-heavy work (a core shared by a dozen processes), so these tests get a bound of their own.
 */
const A11Y_TIMEOUT_MS = 240_000

describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`

    // One test per screen or dialog, each running axe once or twice, so that a loaded machine slows one test, never a
    // whole walk of screens, past its bound. The tests of a viewport share its visitor's page and run in order.
    describe(`visitor screens, the user menu and the dialogs at ${size}`, () => {
      let page: Page
      beforeAll(async () => {
        page = await visitorPage(app.browser, app.server, viewport)
      })

      for (const screen of VISITOR_SCREENS) {
        test(
          screen.path,
          async () => {
            await page.goto(`${app.server.url}${screen.path}`)
            await page
              .getByRole('role' in screen ? screen.role : 'heading', { name: screen.heading })
              .first()
              .waitFor()
            await expectNoSeriousViolations(page, `${screen.path} ${size}`)
            if ('standalone' in screen) expect(await page.locator('h1').count()).toBe(1)
            else await expectHeadingAndSkipLink(page, `${screen.path} ${size}`)
          },
          A11Y_TIMEOUT_MS,
        )
      }

      test(
        'the file chooser is reachable from the keyboard: Tab from the skip link target lands on the file input',
        async () => {
          await page.goto(`${app.server.url}/upload`)
          await page.getByRole('heading', { name: 'Upload Media' }).waitFor()
          await page.locator('#main-content').focus()
          const focused: (string | undefined)[] = []
          while (focused.length < 10 && focused.at(-1) !== 'upload-input') {
            await page.keyboard.press('Tab')
            focused.push(await page.evaluate(() => document.activeElement?.id))
          }
          expect(focused.at(-1)).toBe('upload-input')
        },
        A11Y_TIMEOUT_MS,
      )

      test(
        'the media detail dialog',
        async () => {
          await page.goto(`${app.server.url}/stats`)
          await page.getByRole('button', { name: /^Details of mine-/ }).click()
          await page.getByRole('dialog').waitFor()
          await expectNoSeriousViolations(page, `media detail dialog ${size}`)
          await page.keyboard.press('Escape')
          await page.getByRole('dialog').waitFor({ state: 'detached' })
        },
        A11Y_TIMEOUT_MS,
      )

      for (const item of ['Save Account', 'Login as Different User']) {
        test(
          `the user menu and its ${item} dialog`,
          async () => {
            await userMenu(page).click()
            await page.getByRole('menu').waitFor()
            await expectNoSeriousViolations(page, `user menu ${size}`)
            await page.getByRole('menuitem', { name: item }).click()
            const dialog = page.getByRole('dialog')
            await dialog.waitFor()
            await expectNoSeriousViolations(page, `${item} dialog ${size}`)
            // Opening the dialog is no edit: its email field shows no error yet.
            expect(await dialog.getByText('Email address is required').count()).toBe(0)
            await page.keyboard.press('Escape')
            await dialog.waitFor({ state: 'detached' })
          },
          A11Y_TIMEOUT_MS,
        )
      }

      test(
        'the Welcome Back dialog after Logout',
        async () => {
          await userMenu(page).click()
          await page.getByRole('menuitem', { name: 'Logout' }).click()
          await page.getByRole('dialog', { name: 'Welcome Back' }).waitFor()
          await expectNoSeriousViolations(page, `Welcome Back dialog ${size}`)
        },
        A11Y_TIMEOUT_MS,
      )
    })

    describe(`the admin login and every /adm screen at ${size}`, () => {
      let admin: Page
      beforeAll(async () => {
        admin = await adminPage(app)
        await admin.setViewportSize({ width: viewport.width, height: viewport.height })
      })

      test(
        '/adm login',
        async () => {
          const login = await (await app.browser.newContext({ viewport })).newPage()
          await login.goto(`${app.server.url}/adm`)
          await login.getByLabel('Password').waitFor()
          await expectNoSeriousViolations(login, `/adm login ${size}`)
          expect(await login.locator('h1').count()).toBe(1)
          await login.context().close()
        },
        A11Y_TIMEOUT_MS,
      )

      for (const [path, heading] of ADMIN_SCREENS) {
        test(
          path,
          async () => {
            await admin.goto(`${app.server.url}${path}`)
            await admin.getByRole('heading', { name: heading, exact: true }).waitFor()
            await admin.waitForLoadState('networkidle')
            await expectNoSeriousViolations(admin, `${path} ${size}`)
            expect({ path, h1: await admin.locator('h1').count() }).toEqual({ path, h1: 1 })
          },
          A11Y_TIMEOUT_MS,
        )
      }
    })
  }
})
