/**
 * For the first-screen benches and tests (bench/first-screen.ts, bench/lighthouse.mjs,
 * tests/e2e/first-screen-main-thread.test.ts): the page GET / answered with the first screen written into it,
 * rewritten so a chosen item comes first and RATE_QUEUE_SIZE - 1 others follow in id order, through the server's own
 * renderFirstScreen (the chosen item's preload and preview included). Run by hand as
 * `bun tests/support/first-screen-document.ts` with `{ "html": ..., "all": [...], "first": id }` on stdin, it prints the page.
 */
import { FIRST_SCREEN_ELEMENT_ID, RATE_QUEUE_SIZE, type FirstScreenData } from '../../server/contract/first-screen'
import type { RateMedia } from '../../server/contract/media'
import { renderFirstScreen } from '../../server/features/first-screen/first-screen.service'
import { paths } from '../../server/contract/paths'
import type { Page } from 'playwright-core'

const ELEMENT = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">([^<]*)</script>`)
const PRELOAD = /<link rel="preload" as="image"[^>]*>/
const PREVIEW = /<div class="first-picture-preview"[^>]*><div [^>]*><img [^>]*><\/div><\/div>/

/** The first screen data html carries, or undefined for a page without one (a server before the first screen was written into the page). */
export const firstScreenOf = (html: string): FirstScreenData | undefined => {
  const m = html.match(ELEMENT)
  return m ? (JSON.parse(m[1]) as FirstScreenData) : undefined
}

/** html with item first first in its queue, then RATE_QUEUE_SIZE - 1 others of all in id order; html itself when it has no first screen. */
export function withFirstItem(html: string, all: RateMedia[], first: number): string {
  const data = firstScreenOf(html)
  if (!data) return html
  const queue = [
    ...all.filter((i) => i.id === first),
    ...all
      .filter((i) => i.id !== first)
      .sort((a, b) => a.id - b.id)
      .slice(0, RATE_QUEUE_SIZE - 1),
  ]
  return renderFirstScreen(html.replace(ELEMENT, '').replace(PRELOAD, '').replace(PREVIEW, ''), { session: data.session, queue })
}

/** A new visitor of serverUrl (POST /api/session): its id and sid cookie. */
async function listingVisitor(serverUrl: string): Promise<{ id: number; cookie: string }> {
  const sessionId = crypto.randomUUID().replace(/-/g, '')
  const r = await fetch(`${serverUrl}${paths.session()}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ sessionId }),
  })
  return { id: ((await r.json()) as { id: number }).id, cookie: `sid=${sessionId}` }
}

/**
 * Routes page's load of serverUrl's `/` so the first screen it carries has item first at its head (the page is fetched
 * as a page load, its session cookie kept, and rewritten by withFirstItem). Answers a function telling whether the
 * page carried one (false for a server that writes none: there the first queue answer is what to reorder).
 */
export async function putFirstOnPage(page: Page, serverUrl: string, first: number): Promise<() => boolean> {
  let served = false
  await page.route(`${serverUrl}/`, async (route) => {
    const response = await route.fetch({ headers: { ...(await route.request().allHeaders()), 'sec-fetch-dest': 'document' } })
    const html = await response.text()
    const data = firstScreenOf(html)
    if (!data) return route.fulfill({ response })
    served = true
    // The page's visitor, or (a page without one: a new visitor) a visitor of the test's own, to list the catalogue.
    const asker = data.session
      ? { id: data.session.id, cookie: (response.headers()['set-cookie'] ?? '').split(';')[0] }
      : await listingVisitor(serverUrl)
    const all = (await (
      await fetch(`${serverUrl}${paths.mediaQueue(asker.id, { limit: 50, exclude: [] })}`, { headers: { cookie: asker.cookie } })
    ).json()) as RateMedia[]
    const { 'content-encoding': _, 'content-length': __, ...headers } = response.headers()
    await route.fulfill({ response, headers, body: withFirstItem(html, all, first) })
  })
  return () => served
}

if (import.meta.main) {
  const { html, all, first } = JSON.parse(await Bun.stdin.text()) as { html: string; all: RateMedia[]; first: number }
  process.stdout.write(withFirstItem(html, all, first))
}
