/**
 * The rate screen's media height (public-visitor §2): mobile 55% of the window height minus 10 px (at least
 * 150 px); desktop the window height minus 190 px (at least 300 px).
 */
import { useEffect, useState } from 'react'

/** Width from which the desktop layout applies, px (Tailwind md). */
export const DESKTOP_MIN_WIDTH = 768

/** The media height in px for a window of innerWidth x innerHeight. */
export function mediaHeightFor(innerWidth: number, innerHeight: number): number {
  return innerWidth >= DESKTOP_MIN_WIDTH ? Math.max(300, innerHeight - 190) : Math.max(150, Math.round(innerHeight * 0.55) - 10)
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
