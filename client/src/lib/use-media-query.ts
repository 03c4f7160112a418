/**
 * useMediaQuery(query): whether a CSS media query matches now, following changes (useSyncExternalStore over
 * window.matchMedia). DESKTOP_QUERY is the breakpoint at which the public shell shows the sidebar rather than the
 * mobile header and bottom bar (Tailwind's `md`, 768 px).
 */
import { useCallback, useSyncExternalStore } from 'react'

/** Tailwind's `md` breakpoint as a media query: the desktop layout of the public shell. */
export const DESKTOP_QUERY = '(min-width: 768px)'

/** True while query (a CSS media query) matches; re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', listener)
      return () => list.removeEventListener('change', listener)
    },
    [query],
  )
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches)
}
