/**
 * The magic-link return on load (public-visitor §4): with `error`, a 'Verification Error' toast with the code's
 * message; with verified=true and `session`, 'Welcome back!' and / after 1 second. The parameters are then removed
 * from the address.
 *
 * A link is not a credential: `session` is honoured only when it is the session this browser already holds,
 * which only a verification (the /auth/verify page's POST) or the server's own session answer puts there. Any other
 * session id gets 'Verification Error' ('Account verification failed') and changes nothing, so a crafted
 * `?verified=true&session=<someone else's id>` cannot move the visitor into another account.
 */
import { useEffect } from 'react'
import { LOGGED_OUT_KEY, readStoredSession } from '@client/lib/session-storage'
import { toast } from '@client/lib/toast'
import { verifyErrorMessage } from '../api/magic-links'
import { POST_LOGIN_REDIRECT_MS } from '../components/verify-magic-link'

/** Reads verified, session and error once. */
export function useMagicLinkReturn(): void {
  useEffect(() => {
    const url = new URL(window.location.href)
    const error = url.searchParams.get('error')
    const session = url.searchParams.get('session')
    if (!error && !(url.searchParams.get('verified') === 'true' && session)) return
    for (const p of ['verified', 'session', 'error']) url.searchParams.delete(p)
    window.history.replaceState(window.history.state, '', url)
    const code = error ?? (session === readStoredSession()?.sessionId ? null : 'verification-failed')
    if (code) return toast({ title: 'Verification Error', description: verifyErrorMessage(code), variant: 'destructive' })
    localStorage.removeItem(LOGGED_OUT_KEY)
    toast({ title: 'Welcome back!', description: "You've successfully logged in to your saved account." })
    setTimeout(() => window.location.assign('/'), POST_LOGIN_REDIRECT_MS)
  }, [])
}
