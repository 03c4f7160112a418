/**
 * The first screen of `/` as the server writes it into index.html (public-visitor §2 Rate screen, §7; server-contract:
 * General): the visitor's session (when the sid cookie named one) and first queue as JSON data in an element the client
 * reads instead of asking POST /api/session and GET /api/media/queue, and the rate screen's box, whose CSS width both the server's image
 * preload and the client's `sizes` use, so both pick the same variant.
 */
import type { RateMedia } from './media'
import type { SessionUser } from './session'

/** id of the `<script type="application/json">` element holding FirstScreenData. */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen'

/**
 * Attribute of the first picture's preview: the element the server writes into the page of `/` with the first item's
 * picture, shown before the app runs and removed once the app has painted its own (client/src/lib/first-picture-preview.ts).
 */
export const FIRST_PICTURE_PREVIEW_ATTRIBUTE = 'data-first-picture-preview'

/** Items in a queue answer the rate screen asks for, the first one included. */
export const RATE_QUEUE_SIZE = 10

/**
 * The data of the first screen: the session user (as POST /api/session answers it; null when the page load named no
 * visitor, and the client starts one itself) and the first queue (empty on pages other than `/`; for a page without a
 * session, picked for nobody: a new visitor's queue).
 */
export type FirstScreenData = { session: SessionUser | null; queue: RateMedia[] }

/**
 * The rate screen's layout (public-visitor §2): from desktopMinWidth px the desktop layout; the media box is
 * mobile 55% of the window height minus 10 px (at least 150 px), desktop the window height minus 190 px (at least
 * 300 px), as wide as the item's aspect ratio at that height and never wider than the page less the shell's width
 * (px-4 on a phone; the 256-px sidebar and md:px-8 on a desktop).
 */
export const RATE_LAYOUT = {
  desktopMinWidth: 768,
  mobile: { heightShare: 0.55, heightLess: 10, minHeight: 150, shellWidth: 32 },
  desktop: { heightLess: 190, minHeight: 300, shellWidth: 256 + 64 },
} as const

/** Width over height of an item (width/height px, null when unknown: 16:9). */
export const aspectRatioOf = (item: { width: number | null; height: number | null }) =>
  item.width && item.height ? item.width / item.height : 16 / 9

/**
 * The CSS `sizes` value of the rate screen's box for item: the width the client computes in px
 * (mediaBoxWidth), as CSS math on the viewport, for a preload written before any script runs.
 */
export function rateBoxSizes(item: { width: number | null; height: number | null }): string {
  const { desktopMinWidth, mobile, desktop } = RATE_LAYOUT
  const ratio = aspectRatioOf(item).toFixed(4)
  const phone = `min(calc(100vw - ${mobile.shellWidth}px), calc(max(${mobile.minHeight}px, ${Math.round(mobile.heightShare * 100)}vh - ${mobile.heightLess}px) * ${ratio}))`
  const wide = `min(calc(100vw - ${desktop.shellWidth}px), calc(max(${desktop.minHeight}px, 100vh - ${desktop.heightLess}px) * ${ratio}))`
  return `(min-width: ${desktopMinWidth}px) ${wide}, ${phone}`
}
