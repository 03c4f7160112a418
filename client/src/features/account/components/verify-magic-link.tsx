/**
 * VerifyMagicLink (public-visitor §4 Magic link return; server-contract: the emailed link's client page). It first looks
 * at the token without using it. In the browser whose session asked for the link it then POSTs the token at once; in
 * any other browser (a login link opened elsewhere, someone else's save link, a link scanner) it shows whose account the
 * link opens and waits for 'Continue as <username>', so nothing is used up or switched unseen; 'Not me' goes to / and
 * leaves the session and the token as they are (the token expires unused). After the POST it stores the session record,
 * clears the logged-out flag, says 'Welcome back!' and goes to / after 1 second; a failure shows 'Verification Error'
 * with the code's message.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import type { MagicLinkInfo } from '@contract/auth'
import { Button } from '@client/components/ui/button'
import { Spinner } from '@client/components/ui/spinner'
import { ApiError } from '@client/lib/api-client'
import { LOGGED_OUT_KEY, writeStoredSession } from '@client/lib/session-storage'
import { toast } from '@client/lib/toast'
import { getMagicLinkInfo, verifyErrorMessage, verifyMagicLink } from '../api/magic-links'

/** Delay before going to / after a successful login, ms (public-visitor §9). */
export const POST_LOGIN_REDIRECT_MS = 1000

function VerifyMagicLink({ token }: { token: string }) {
  const [error, setError] = useState<string | null>(null)
  const [confirm, setConfirm] = useState<MagicLinkInfo | null>(null)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const started = useRef(false)

  const fail = useCallback((e: unknown) => {
    const message = verifyErrorMessage(e instanceof ApiError ? (e.json as { code?: string } | undefined)?.code : undefined)
    setError(message)
    toast({ title: 'Verification Error', description: message, variant: 'destructive' })
  }, [])

  const verify = useCallback(() => {
    setConfirm(null)
    verifyMagicLink(token).then(({ sessionId }) => {
      writeStoredSession({ sessionId, username: '', emailVerified: true })
      localStorage.removeItem(LOGGED_OUT_KEY)
      void queryClient.invalidateQueries()
      toast({ title: 'Welcome back!', description: "You've successfully logged in to your saved account." })
      setTimeout(() => navigate({ to: '/' }), POST_LOGIN_REDIRECT_MS)
    }, fail)
  }, [token, navigate, queryClient, fail])

  useEffect(() => {
    if (started.current) return
    started.current = true
    getMagicLinkInfo(token).then((info) => (info.sameSession ? verify() : setConfirm(info)), fail)
  }, [token, verify, fail])

  return (
    <main className="grid min-h-screen place-items-center p-6 text-center">
      {error ? (
        <div className="space-y-4">
          <h1 className="text-2xl font-bold">Verification Error</h1>
          <p className="text-zinc-300">{error}</p>
          <Link to="/" className="inline-flex h-10 items-center rounded-lg bg-rose-600 px-4 font-medium text-white">
            Go to Rate Photos
          </Link>
        </div>
      ) : confirm ? (
        <div className="max-w-md space-y-4">
          <h1 className="text-2xl font-bold">Open this account?</h1>
          <p className="text-zinc-300">
            This link signs this browser in to the account <strong className="text-white">{confirm.username}</strong>
            {confirm.purpose === 'save' ? ` and saves ${confirm.email} to it.` : ` (${confirm.email}).`}
          </p>
          <p className="text-sm text-zinc-400">If you did not ask for this link, choose Not me: nothing changes.</p>
          <div className="flex justify-center gap-3">
            <Button onClick={verify}>Continue as {confirm.username}</Button>
            <Button variant="secondary" onClick={() => navigate({ to: '/' })}>
              Not me
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          <Spinner className="h-10 w-10" label="Verifying your link" />
          <p className="text-zinc-300">Verifying your link...</p>
        </div>
      )}
    </main>
  )
}

export { VerifyMagicLink }
