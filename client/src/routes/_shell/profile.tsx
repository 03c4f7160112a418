/** Route /profile: the visitor's profile (public-visitor §2 Profile screen) and the install card. */
import { createFileRoute } from '@tanstack/react-router'
import { Spinner } from '@client/components/ui/spinner'
import { useSessionUser } from '@client/features/session/api/get-session'
import { ProfileScreen } from '@client/features/profile/components/profile-screen'
import { SaveAccountCard } from '@client/features/account/components/save-account-card'
import { InstallCard } from '@client/features/pwa/components/install-card'

function ProfilePage() {
  const { data: user } = useSessionUser()
  if (!user) return <Spinner className="mx-auto mt-24 block h-10 w-10" label="Loading profile" />
  return (
    <ProfileScreen user={user}>
      <SaveAccountCard email={user.email} verified={user.emailVerified} />
      <InstallCard />
    </ProfileScreen>
  )
}

export const Route = createFileRoute('/_shell/profile')({ component: ProfilePage })
