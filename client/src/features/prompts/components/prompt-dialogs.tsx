/**
 * The rate screen's prompt dialogs (public-visitor §2 Dialogs, §8 toasts): the account-save modal ('Save My Account',
 * 'Maybe Later') and the email-capture modal ('Loving the site so far?'). The route loads this module lazily, the
 * first time one opens; the tooltip and the notice are in prompt-notices.
 */
import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Button } from '@client/components/ui/button'
import { Dialog } from '@client/components/ui/dialog'
import { EmailInput, type EmailState } from '@client/components/email-input'
import { ApiError, apiFetch } from '@client/lib/api-client'
import { ensureStoredSession } from '@client/lib/session-storage'
import { toast } from '@client/lib/toast'
import { paths } from '@contract/paths'

const serverMessage = (e: unknown) => (e instanceof ApiError && e.serverMessage) || undefined

/** One email form for a modal: the shared input (prefixed texts), a primary and a secondary button. */
function EmailModal(props: {
  open: boolean
  title: string
  description: string
  submit: string
  later: string
  onLater(): void
  onSend(email: string): Promise<unknown>
}) {
  const [email, setEmail] = useState('')
  const [state, setState] = useState<EmailState>('idle')
  const [pending, setPending] = useState(false)
  const send = () => {
    setPending(true)
    props.onSend(email.trim().toLowerCase()).finally(() => setPending(false))
  }
  return (
    <Dialog open={props.open} onOpenChange={(o) => !o && props.onLater()} title={props.title} description={props.description}>
      <div className="space-y-3">
        <EmailInput id={`${props.submit}-email`} label="Email" value={email} onChange={setEmail} onState={setState} prefixed />
        <div className="flex gap-2">
          <Button className="flex-1" disabled={!email.trim() || state !== 'valid' || pending} onClick={send}>
            {props.submit}
          </Button>
          <Button variant="secondary" onClick={props.onLater}>
            {props.later}
          </Button>
        </div>
      </div>
    </Dialog>
  )
}

/** The account-save modal: sends the magic link that saves this account. */
function AccountSaveModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const onSend = (email: string) => {
    const session = ensureStoredSession()
    return apiFetch(paths.sendMagicLink(), {
      method: 'POST',
      json: { email, username: session.username, sessionId: session.sessionId },
    }).then(
      () => (
        onClose(),
        toast({ title: 'Account Saved!', description: 'Check your email for a secure link to verify and complete your account setup.' })
      ),
      (e) => toast({ title: 'Error', description: serverMessage(e) ?? 'Failed to save account', variant: 'destructive' }),
    )
  }
  return (
    <EmailModal
      open={open}
      title="Save Your Account"
      description="Keep your votes and uploads: we'll email you a magic link."
      submit="Save My Account"
      later="Maybe Later"
      onLater={onClose}
      onSend={onSend}
    />
  )
}

/** The email-capture modal: stores the email; the session is refreshed so the block lifts. */
function EmailCaptureModal({ open, onDismiss }: { open: boolean; onDismiss(): void }) {
  const queryClient = useQueryClient()
  const onSend = (email: string) =>
    apiFetch(paths.emailCapture(), { method: 'POST', json: { email, sessionId: ensureStoredSession().sessionId } }).then(
      () => (
        toast({ title: 'Thanks for your email!', description: "We'll keep you updated on new features and exciting content." }),
        queryClient.invalidateQueries({ queryKey: ['session'] })
      ),
      (e) => toast({ title: 'Error', description: serverMessage(e) ?? 'Failed to save email address', variant: 'destructive' }),
    )
  return (
    <EmailModal
      open={open}
      title="Loving the site so far?"
      description="Leave your email and we'll keep you posted."
      submit="Keep me updated!"
      later="Maybe later"
      onLater={onDismiss}
      onSend={onSend}
    />
  )
}

export { AccountSaveModal, EmailCaptureModal }
