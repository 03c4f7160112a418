/** useLater: schedule(fn, ms) runs fn after ms milliseconds unless the component has unmounted by then. */
import { useCallback, useEffect, useRef } from 'react'

/** Delay before a refresh after an import or a delete, ms (admin-back-office §9). */
export const REFRESH_DELAY_MS = 1000

/** Returns schedule(fn, ms); every pending call is cancelled on unmount. */
export function useLater() {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>())
  useEffect(() => {
    const pending = timers.current
    return () => pending.forEach(clearTimeout)
  }, [])
  return useCallback((fn: () => void, ms: number) => {
    const t = setTimeout(() => (timers.current.delete(t), fn()), ms)
    timers.current.add(t)
  }, [])
}
