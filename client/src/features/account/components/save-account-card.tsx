/**
 * SaveAccountCard (public-visitor §2 Profile 'Save Your Account' card, §5 Email): an email and 'Send Magic Link';
 * the button is disabled while the field is empty or invalid or a send is pending.
 */
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { Button } from '@client/components/ui/button'
import { Card, CardTitle } from '@client/components/ui/card'
import { FormField } from '@client/components/ui/form-field'
import { ApiError } from '@client/lib/api-client'
import { toast } from '@client/lib/toast'
import { useSendMagicLink } from '../api/magic-links'

const looksValid = (email: string) => v.is(v.pipe(v.string(), v.trim(), v.email()), email)

/** Props: the saved email, if any (then the card says the account is saved). */
function SaveAccountCard({ email, verified }: { email: string | null; verified: boolean }) {
  const [value, setValue] = useState('')
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
      onError: (err) => toast({ title: 'Failed to Send Magic Link', description: (err instanceof ApiError && err.serverMessage) || 'Please try again later.', variant: 'destructive' }),
    })
  }
  return (
    <Card aria-label="Save Your Account">
      <form onSubmit={onSubmit} className="space-y-3" noValidate>
        <CardTitle>Save Your Account</CardTitle>
        <p className="text-sm text-zinc-400">Get a magic link by email to keep this account and log in on other devices. No password needed.</p>
        <FormField label="Email for your magic link" name="save-email" type="email" value={value} onChange={(e) => setValue(e.target.value)} error={value && !looksValid(value) ? 'Please enter a valid email address' : undefined} />
        <Button type="submit" disabled={!value.trim() || !looksValid(value) || send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Magic Link'}
        </Button>
      </form>
    </Card>
  )
}

export { SaveAccountCard }
