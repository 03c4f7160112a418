/**
 * The rate screen's media height (public-visitor §2): mobile 55% of the window height minus 10 px (at least
 * 150 px); desktop the window height minus 190 px (at least 300 px). The figures are RATE_LAYOUT's, which the server's
 * preload of the first item also reads (rateBoxSizes).
 */
import { useEffect, useState } from 'react'
import { RATE_LAYOUT, aspectRatioOf } from '@contract/first-screen'

/** The media height in px for a window of innerWidth x innerHeight. */
export function mediaHeightFor(innerWidth: number, innerHeight: number): number {
  const { desktopMinWidth, mobile, desktop } = RATE_LAYOUT
  return innerWidth >= desktopMinWidth
    ? Math.max(desktop.minHeight, innerHeight - desktop.heightLess)
    : Math.max(mobile.minHeight, Math.round(innerHeight * mobile.heightShare) - mobile.heightLess)
}

/**
 * The CSS width in px of the rate screen's media box for an item (width/height px, null when unknown: 16:9) in a window
 * innerWidth px wide with the box height px high: its aspect ratio at that height, never wider than the page less the
 * shell's width.
 */
export function mediaBoxWidth(item: { width: number | null; height: number | null }, innerWidth: number, height: number): number {
  const shell = innerWidth >= RATE_LAYOUT.desktopMinWidth ? RATE_LAYOUT.desktop.shellWidth : RATE_LAYOUT.mobile.shellWidth
  return Math.round(Math.min(innerWidth - shell, height * aspectRatioOf(item)))
}

/** The media height for the current window, updated on resize. */
export function useMediaHeight(): number {
  const [height, setHeight] = useState(() => mediaHeightFor(window.innerWidth, window.innerHeight))
  useEffect(() => {
    const onResize = () => setHeight(mediaHeightFor(window.innerWidth, window.innerHeight))
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])
  return height
}
