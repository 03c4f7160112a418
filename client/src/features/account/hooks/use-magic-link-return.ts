/**
 * The magic-link return on load (public-visitor §4): with `error`, a 'Verification Error' toast with the code's
 * message; with verified=true and `session`, the session is stored, the logged-out flag cleared, 'Welcome back!'
 * shown and / opened after 1 second. The parameters are then removed from the address.
 */
import { useEffect } from 'react'
import { LOGGED_OUT_KEY, writeStoredSession } from '@client/lib/session-storage'
import { toast } from '@client/lib/toast'
import { verifyErrorMessage } from '../api/magic-links'

/** Reads verified, session and error once. */
export function useMagicLinkReturn(): void {
  useEffect(() => {
    const url = new URL(window.location.href)
    const error = url.searchParams.get('error')
    const session = url.searchParams.get('session')
    if (!error && !(url.searchParams.get('verified') === 'true' && session)) return
    for (const p of ['verified', 'session', 'error']) url.searchParams.delete(p)
    window.history.replaceState(window.history.state, '', url)
    if (error) return toast({ title: 'Verification Error', description: verifyErrorMessage(error), variant: 'destructive' })
    writeStoredSession({ sessionId: session!, username: '', emailVerified: true })
    localStorage.removeItem(LOGGED_OUT_KEY)
    toast({ title: 'Welcome back!', description: "You've successfully logged in to your saved account." })
    setTimeout(() => window.location.assign('/'), 1000)
  }, [])
}
