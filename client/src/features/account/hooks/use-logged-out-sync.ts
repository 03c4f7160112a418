/** Reloads the page when another tab logs out or back in (public-visitor §4: the flag reacts to other tabs). */
import { useEffect } from 'react'
import { LOGGED_OUT_KEY, SESSION_KEY } from '@client/lib/session-storage'

/** Subscribes to the storage event for the session and the logged-out flag. */
export function useLoggedOutSync(): void {
  useEffect(() => {
    const onStorage = (e: StorageEvent) => (e.key === LOGGED_OUT_KEY || e.key === SESSION_KEY) && window.location.reload()
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])
}
