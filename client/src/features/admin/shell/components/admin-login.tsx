/**
 * AdminLogin (admin-back-office §2 Login, §4, §5, §8): username and password; Enter submits; the login is valid only
 * if an authenticated call to the admin media list succeeds; then /adm/media opens. The password is sent once to
 * POST /api/admin/login, which answers with an HttpOnly token cookie; it is never stored.
 */
import { useState, type FormEvent } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { paths } from '@contract/paths'
import { Button } from '@client/components/ui/button'
import { Card, CardTitle } from '@client/components/ui/card'
import { Field } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { ApiError } from '@client/lib/api-client'
import { toast } from '@client/lib/toast'
import { clearAdminToken, adminFetch, logInAdmin } from '../api/admin-api'

function AdminLogin() {
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [state, setState] = useState<'idle' | 'logging-in' | 'error'>('idle')
  const [error, setError] = useState('')
  const navigate = useNavigate()
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    setState('logging-in')
    try {
      await logInAdmin(username, password)
      await adminFetch(paths.adminMedia({ limit: 1 }), { cache: 'no-store' })
      toast({ title: 'Success', description: 'Successfully logged in to admin panel' })
      await navigate({ to: '/adm/media' })
    } catch (err) {
      clearAdminToken()
      setError(err instanceof ApiError ? 'Invalid credentials' : 'Login failed')
      setState('error')
    }
  }
  return (
    <main className="grid min-h-screen place-items-center p-6">
      <Card className="w-full max-w-sm">
        <form onSubmit={onSubmit} className="space-y-4">
          <CardTitle as="h1">HotVote Admin</CardTitle>
          <Field label="Username">
            <Input name="admin-username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />
          </Field>
          <Field label="Password">
            <Input
              name="admin-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          {state === 'error' && (
            <p role="alert" className="text-sm text-red-400">
              {error}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={state === 'logging-in'}>
            {state === 'logging-in' ? 'Logging in...' : 'Login'}
          </Button>
        </form>
      </Card>
    </main>
  )
}

export { AdminLogin }
