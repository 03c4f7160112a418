/**
 * SaveAccountCard (public-visitor §2 Profile 'Save Your Account' card, §5 Email): the shared email input (prefixed
 * texts) and 'Send Magic Link', disabled while the field is empty, not checked valid, or a send is pending.
 */
import { useState, type FormEvent } from 'react'
import { Button } from '@client/components/ui/button'
import { Card, CardTitle } from '@client/components/ui/card'
import { EmailInput, type EmailState } from '@client/components/email-input'
import { ApiError } from '@client/lib/api-client'
import { toast } from '@client/lib/toast'
import { useSendMagicLink } from '../api/magic-links'

/** Props: the saved email, if any (then the card says the account is saved). */
function SaveAccountCard({ email, verified }: { email: string | null; verified: boolean }) {
  const [value, setValue] = useState('')
  const [state, setState] = useState<EmailState>('idle')
  const send = useSendMagicLink()
  if (email && verified) {
    return (
      <Card aria-label="Save Your Account">
        <CardTitle>Save Your Account</CardTitle>
        <p className="mt-2 text-sm text-emerald-400">Your account is saved with {email}.</p>
      </Card>
    )
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    send.mutate(value, {
      onSuccess: () => toast({ title: 'Magic Link Sent!', description: 'Check your email for a secure login link to save your account.' }),
      onError: (err) =>
        toast({
          title: 'Failed to Send Magic Link',
          description: (err instanceof ApiError && err.serverMessage) || 'Please try again later.',
          variant: 'destructive',
        }),
    })
  }
  return (
    <Card aria-label="Save Your Account">
      <form onSubmit={onSubmit} className="space-y-3" noValidate>
        <CardTitle>Save Your Account</CardTitle>
        <p className="text-sm text-zinc-400">
          Get a magic link by email to keep this account and log in on other devices. No password needed.
        </p>
        <EmailInput id="save-email" label="Email for your magic link" value={value} onChange={setValue} onState={setState} prefixed />
        <Button type="submit" disabled={!value.trim() || state !== 'valid' || send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Magic Link'}
        </Button>
      </form>
    </Card>
  )
}

export { SaveAccountCard }
