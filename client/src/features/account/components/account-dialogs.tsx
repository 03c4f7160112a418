/**
 * The account dialogs (public-visitor §2 Dialogs, §4 Welcome Back, §8 toasts): Save Your Account ('Send Magic
 * Link'), Login as Different User and Welcome Back ('Send Login Link', 'Or', 'Login as a New User').
 */
import { useState, type FormEvent } from 'react'
import { Button } from '@client/components/ui/button'
import { Dialog } from '@client/components/ui/dialog'
import { EmailInput, type EmailState } from '@client/components/email-input'
import { ApiError } from '@client/lib/api-client'
import { readStoredSession } from '@client/lib/session-storage'
import { toast } from '@client/lib/toast'
import { useLoginExisting, useSendMagicLink } from '../api/magic-links'
import { startAsNewUser, clearLoggedOut } from '../session-actions'

type DialogProps = { open: boolean; onOpenChange(open: boolean): void }

/** One email field and a send button that is disabled unless the email checked valid. */
function EmailForm({ id, button, pending, onSend }: { id: string; button: string; pending: boolean; onSend(email: string): void }) {
  const [email, setEmail] = useState('')
  const [state, setState] = useState<EmailState>('idle')
  const submit = (e: FormEvent) => (e.preventDefault(), state === 'valid' && onSend(email.trim().toLowerCase()))
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <EmailInput id={id} label="Email" value={email} onChange={setEmail} onState={setState} />
      <Button type="submit" className="w-full" disabled={!email.trim() || state !== 'valid' || pending}>
        {button}
      </Button>
    </form>
  )
}

const serverMessage = (e: unknown) => (e instanceof ApiError && e.serverMessage) || undefined

/** Save Your Account: sends a magic link that saves this account. Needs a session ('Session Error' otherwise). */
function SaveAccountDialog({ open, onOpenChange }: DialogProps) {
  const send = useSendMagicLink()
  const onSend = (email: string) => {
    if (!readStoredSession()) return toast({ title: 'Session Error', description: 'No valid session found.', variant: 'destructive' })
    send.mutate(email, {
      onSuccess: () => (
        onOpenChange(false), toast({ title: 'Magic Link Sent!', description: 'Check your email for a secure login link.' })
      ),
      onError: (e) =>
        toast({ title: 'Failed to Send Magic Link', description: serverMessage(e) ?? 'Please try again later.', variant: 'destructive' }),
    })
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Save Your Account"
      description="We'll email you a magic link. No password needed."
    >
      <EmailForm id="save-account-email" button="Send Magic Link" pending={send.isPending} onSend={onSend} />
    </Dialog>
  )
}

/** Sends a login link for an existing account; onSent runs after success. */
function useSendLoginLink(onSent: () => void) {
  const login = useLoginExisting()
  const send = (email: string) =>
    login.mutate(email, {
      onSuccess: () => (
        onSent(),
        toast({ title: 'Login Link Sent!', description: 'Check your email for a secure login link to access your existing account.' })
      ),
      onError: (e) =>
        toast({
          title: 'Failed to Send Login Link',
          description: serverMessage(e) ?? 'Please check your email address and try again.',
          variant: 'destructive',
        }),
    })
  return { send, pending: login.isPending }
}

/** Login as Different User: emails a login link to an existing account. */
function LoginDifferentDialog({ open, onOpenChange }: DialogProps) {
  const { send, pending } = useSendLoginLink(() => onOpenChange(false))
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Login as Different User"
      description="We'll email a login link to the account that uses this address."
    >
      <EmailForm id="login-different-email" button="Send Login Link" pending={pending} onSend={send} />
    </Dialog>
  )
}

/**
 * Welcome Back (shown whenever open is true, i.e. while logged out): a login link, or a fresh anonymous session;
 * closing means a new user. Only a sent link hides it; open is read on every render, never copied into state, so a
 * first render that still saw a user (a restored query cache) cannot keep it closed.
 */
function WelcomeBackDialog({ open }: { open: boolean }) {
  const [linkSent, setLinkSent] = useState(false)
  const { send, pending } = useSendLoginLink(() => (clearLoggedOut(), setLinkSent(true)))
  return (
    <Dialog
      open={open && !linkSent}
      onOpenChange={(o) => !o && startAsNewUser()}
      title="Welcome Back"
      description="Log in to your saved account, or start fresh."
    >
      <EmailForm id="welcome-back-email" button="Send Login Link" pending={pending} onSend={send} />
      <div className="my-4 flex items-center gap-3 text-xs text-zinc-400">
        <span className="h-px flex-1 bg-zinc-700" />
        Or
        <span className="h-px flex-1 bg-zinc-700" />
      </div>
      <Button variant="secondary" className="w-full" onClick={startAsNewUser}>
        Login as a New User
      </Button>
    </Dialog>
  )
}

export { SaveAccountDialog, LoginDifferentDialog, WelcomeBackDialog }
