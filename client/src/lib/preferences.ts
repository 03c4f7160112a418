/**
 * Visitor preferences for motion and keys: whether the system asks for reduced motion
 * (WCAG 2.3.3; no autoplaying video, no animation) and whether the rate screen's one-key shortcuts are on (WCAG 2.1.4:
 * they can be turned off in the profile; stored in this browser's localStorage under SHORTCUTS_KEY).
 */
import { useSyncExternalStore } from 'react'
import { createExternalStore } from './external-store'

/** localStorage key of the shortcuts preference ('off' while turned off; on by default). */
const SHORTCUTS_KEY = 'hotvote.shortcuts'

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)'

const subscribeReducedMotion = (listener: () => void) => {
  const query = window.matchMedia(REDUCED_MOTION_QUERY)
  query.addEventListener('change', listener)
  return () => query.removeEventListener('change', listener)
}

/** True while the system asks for reduced motion; follows changes. */
export const usePrefersReducedMotion = () =>
  useSyncExternalStore(subscribeReducedMotion, () => window.matchMedia(REDUCED_MOTION_QUERY).matches)

const shortcuts = createExternalStore(typeof localStorage === 'undefined' || localStorage.getItem(SHORTCUTS_KEY) !== 'off')

/** True while the one-key voting shortcuts (H, N, arrows) are on. */
export const useShortcutsEnabled = () => useSyncExternalStore(shortcuts.subscribe, shortcuts.get)

/** Turns the one-key shortcuts on or off, for this browser. */
export function setShortcutsEnabled(enabled: boolean): void {
  if (enabled) localStorage.removeItem(SHORTCUTS_KEY)
  else localStorage.setItem(SHORTCUTS_KEY, 'off')
  shortcuts.set(enabled)
}
