/**
 * VerifyMagicLink (public-visitor §4 Magic link return; server-contract: the emailed link's client page): POSTs the
 * token, stores the session record, clears the logged-out flag, says 'Welcome back!' and goes to / after 1 second;
 * a failure shows 'Verification Error' with the code's message.
 */
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { Spinner } from '@client/components/ui/spinner'
import { ApiError } from '@client/lib/api-client'
import { LOGGED_OUT_KEY, writeStoredSession } from '@client/lib/session-storage'
import { toast } from '@client/lib/toast'
import { verifyErrorMessage, verifyMagicLink } from '../api/magic-links'

/** Delay before going to / after a successful login, ms (public-visitor §9). */
export const POST_LOGIN_REDIRECT_MS = 1000

function VerifyMagicLink({ token }: { token: string }) {
  const [error, setError] = useState<string | null>(null)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    verifyMagicLink(token).then(
      ({ sessionId }) => {
        writeStoredSession({ sessionId, username: '', emailVerified: true })
        localStorage.removeItem(LOGGED_OUT_KEY)
        void queryClient.invalidateQueries()
        toast({ title: 'Welcome back!', description: "You've successfully logged in to your saved account." })
        setTimeout(() => navigate({ to: '/' }), POST_LOGIN_REDIRECT_MS)
      },
      (e) => {
        const message = verifyErrorMessage(e instanceof ApiError ? (e.json as { code?: string } | undefined)?.code : undefined)
        setError(message)
        toast({ title: 'Verification Error', description: message, variant: 'destructive' })
      },
    )
  }, [token, navigate, queryClient])
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
