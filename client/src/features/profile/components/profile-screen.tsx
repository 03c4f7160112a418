/**
 * ProfileScreen (public-visitor §2 Profile screen): member since, the update form, the private location card
 * with the geolocation request, the session info card (with the storage estimate and persistence) and the
 * keyboard shortcuts switch.
 */
import type { ReactNode } from 'react'
import type { SessionUser } from '@contract/session'
import { Button } from '@client/components/ui/button'
import { Card, CardTitle } from '@client/components/ui/card'
import { formatDate } from '@client/lib/format'
import { formatStorageStatus } from '@client/lib/persistent-storage'
import { Avatar } from '@client/components/ui/avatar'
import { useSaveLocation } from '../api/update-profile'
import { useGeolocation } from '../hooks/use-geolocation'
import { useStorageStatus } from '../hooks/use-storage-status'
import { ProfileForm } from './profile-form'
import { ShortcutsCard } from './shortcuts-card'

function LocationCard({ user }: { user: SessionUser }) {
  const save = useSaveLocation()
  const geo = useGeolocation((position) => save.mutate(position))
  return (
    <Card className="space-y-3" aria-label="Location">
      <CardTitle>Location</CardTitle>
      {user.latitude !== null && user.longitude !== null ? (
        <p className="text-zinc-300">
          {user.latitude.toFixed(4)}, {user.longitude.toFixed(4)}{' '}
          <span className="text-xs text-zinc-400">(private: only you can see this)</span>
        </p>
      ) : (
        <p className="text-sm text-zinc-400">No location shared.</p>
      )}
      <Button variant="secondary" onClick={geo.request} disabled={geo.status === 'loading'}>
        {geo.status === 'loading' ? 'Locating...' : 'Share My Location'}
      </Button>
      {geo.error && (
        <p role="alert" className="text-sm text-red-400">
          {geo.error}
        </p>
      )}
    </Card>
  )
}

function StorageInfo() {
  const status = useStorageStatus()
  if (!status) return null
  return (
    <>
      <p>{formatStorageStatus(status)}</p>
      <p>Persistent storage: {status.persisted ? 'Yes' : 'No (the browser may clear it when space runs low)'}</p>
    </>
  )
}

/** Props: the session user; children render last (the Save Your Account and install cards, composed by the route). */
function ProfileScreen({ user, children }: { user: SessionUser; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold">Edit Profile</h1>
      <Card className="flex items-center gap-4">
        <Avatar username={user.username} className="h-14 w-14 text-lg" />
        <div>
          <p className="text-lg font-semibold">{user.username}</p>
          <p className="text-sm text-zinc-400">Member since {formatDate(user.createdAt)}</p>
        </div>
      </Card>
      <ProfileForm key={`${user.username}|${user.email}`} user={user} />
      <LocationCard user={user} />
      <Card className="space-y-1 text-sm" aria-label="Session info">
        <CardTitle>Session Info</CardTitle>
        <p>
          User ID: <span className="font-mono">{user.id}</span>
        </p>
        <p className="break-all">
          Session ID: <span className="font-mono">{user.sessionId}</span>
        </p>
        <StorageInfo />
      </Card>
      <ShortcutsCard />
      {children}
    </div>
  )
}

export { ProfileScreen }
