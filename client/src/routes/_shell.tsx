/**
 * The public shell (public-visitor §2): desktop sidebar, mobile header and bottom bar around every visitor page,
 * and a full-screen spinner while the session loads (unless the logged-out marker is set).
 */
import { Outlet, createFileRoute } from '@tanstack/react-router'
import { Spinner } from '@client/components/ui/spinner'
import { useSessionUser } from '@client/features/session/api/get-session'
import { Sidebar } from '@client/features/shell/components/sidebar'
import { BottomBar, MobileHeader } from '@client/features/shell/components/mobile-bars'
import { Avatar } from '@client/components/ui/avatar'
import { isLoggedOut } from '@client/lib/session-storage'

function Shell() {
  const session = useSessionUser()
  if (session.isPending && !isLoggedOut()) {
    return (
      <div className="grid min-h-screen place-items-center">
        <Spinner className="h-12 w-12" label="Loading your session" />
      </div>
    )
  }
  const username = session.data?.username
  return (
    <div className="min-h-screen">
      <Sidebar username={username} />
      <MobileHeader right={<Avatar username={username} />} />
      <main className="px-4 pb-24 pt-4 md:ml-64 md:px-8 md:pb-8 md:pt-8">
        <Outlet />
      </main>
      <BottomBar />
    </div>
  )
}

export const Route = createFileRoute('/_shell')({ component: Shell })
