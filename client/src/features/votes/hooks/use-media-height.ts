/**
 * The rate screen's media height (public-visitor §2): mobile 55% of the window height minus 10 px (at least
 * 150 px); desktop the window height minus 190 px (at least 300 px).
 */
import { useEffect, useState } from 'react'

/** Width from which the desktop layout applies, px (Tailwind md). */
const DESKTOP_MIN_WIDTH = 768

/** The media height in px for a window of innerWidth x innerHeight. */
export function mediaHeightFor(innerWidth: number, innerHeight: number): number {
  return innerWidth >= DESKTOP_MIN_WIDTH ? Math.max(300, innerHeight - 190) : Math.max(150, Math.round(innerHeight * 0.55) - 10)
}

/** Width the shell takes beside the rate screen's media box, px: px-4 on a phone; the 256-px sidebar and md:px-8 on a desktop. */
const SHELL_WIDTH_PX = { mobile: 32, desktop: 256 + 64 }

/**
 * The CSS width in px of the rate screen's media box for an item (width/height px, null when unknown: 16:9) in a window
 * innerWidth px wide with the box height px high: its aspect ratio at that height, never wider than the page.
 */
export function mediaBoxWidth(item: { width: number | null; height: number | null }, innerWidth: number, height: number): number {
  const ratio = item.width && item.height ? item.width / item.height : 16 / 9
  return Math.round(Math.min(innerWidth - SHELL_WIDTH_PX[innerWidth >= DESKTOP_MIN_WIDTH ? 'desktop' : 'mobile'], height * ratio))
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
