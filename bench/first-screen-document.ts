/**
 * For the first-screen benches (bench/first-screen.ts, bench/lighthouse.mjs): the page GET / answered with the
 * first screen written into it, rewritten so a chosen item comes first and RATE_QUEUE_SIZE - 1 others follow in id
 * order, through the server's own renderFirstScreen (the chosen item's preload included). Run by hand as
 * `bun bench/first-screen-document.ts` with `{ "html": ..., "all": [...], "first": id }` on stdin, it prints the page.
 */
import { FIRST_SCREEN_ELEMENT_ID, RATE_QUEUE_SIZE, type FirstScreenData } from '../server/contract/first-screen'
import type { RateMedia } from '../server/contract/media'
import { renderFirstScreen } from '../server/features/first-screen/first-screen.service'

const ELEMENT = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">([^<]*)</script>`)
const PRELOAD = /<link rel="preload" as="image"[^>]*>/

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
  return renderFirstScreen(html.replace(ELEMENT, '').replace(PRELOAD, ''), { session: data.session, queue })
}

if (import.meta.main) {
  const { html, all, first } = JSON.parse(await Bun.stdin.text()) as { html: string; all: RateMedia[]; first: number }
  process.stdout.write(withFirstItem(html, all, first))
}
