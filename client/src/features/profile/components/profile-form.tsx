/**
 * ProfileForm (public-visitor §2 Profile screen, §5 Username): username with a live availability check and email;
 * only changed fields are sent; 'No Changes', 'Username Unavailable', 'Profile Updated' and 'Update Failed' toasts.
 */
import { useState, type FormEvent } from 'react'
import type { SessionUser } from '@contract/session'
import { Button } from '@client/components/ui/button'
import { Card, CardTitle } from '@client/components/ui/card'
import { ApiError } from '@client/lib/api-client'
import { toast } from '@client/lib/toast'
import { Field } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { useUpdateProfile } from '../api/update-profile'
import { useUsernameAvailability } from '../hooks/use-username-availability'

const AVAILABILITY_TEXT = {
  checking: 'Checking availability...',
  available: '✓ Username is available',
  taken: '✗ Username is already taken',
} as const

function ProfileForm({ user }: { user: SessionUser }) {
  const [username, setUsername] = useState(user.username)
  const [email, setEmail] = useState(user.email ?? '')
  const availability = useUsernameAvailability(username, user.username)
  const update = useUpdateProfile(user.id)

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const changes: { username?: string; email?: string } = {}
    if (username.trim() !== user.username) changes.username = username.trim()
    if (email.trim().toLowerCase() !== (user.email ?? '')) changes.email = email.trim().toLowerCase()
    if (!Object.keys(changes).length) return toast({ title: 'No Changes', description: 'Your profile already has these details.' })
    if (availability === 'taken')
      return toast({ title: 'Username Unavailable', description: 'Please choose a different username.', variant: 'destructive' })
    update.mutate(changes, {
      onSuccess: () => toast({ title: 'Profile Updated', description: 'Your profile has been successfully updated.' }),
      onError: (err) =>
        toast({
          title: 'Update Failed',
          description: (err instanceof ApiError && err.serverMessage) || 'Failed to update profile',
          variant: 'destructive',
        }),
    })
  }

  return (
    <Card>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <CardTitle>Update Profile</CardTitle>
        <div>
          <Field label="Username">
            <Input name="username" value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" maxLength={30} />
          </Field>
          {availability && (
            <p
              role="status"
              className={
                availability === 'taken'
                  ? 'mt-1 text-sm text-red-400'
                  : availability === 'available'
                    ? 'mt-1 text-sm text-emerald-400'
                    : 'mt-1 text-sm text-zinc-400'
              }
            >
              {AVAILABILITY_TEXT[availability]}
            </p>
          )}
        </div>
        <Field label="Email (optional)">
          <Input name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
        </Field>
        <Button type="submit" disabled={update.isPending || availability === 'taken' || availability === 'checking'}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </form>
    </Card>
  )
}

export { ProfileForm }
