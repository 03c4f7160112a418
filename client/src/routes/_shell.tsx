/**
 * The public shell (public-visitor §2): the desktop sidebar (at Tailwind's md width and wider), else the mobile header
 * and bottom bar, around every visitor page, and a full-screen spinner while the session loads (unless the logged-out marker is set). The Welcome Back dialog's code
 * loads only while logged out.
 */
import { Outlet, createFileRoute } from '@tanstack/react-router'
import { Suspense, useDeferredValue } from 'react'
import { Spinner } from '@client/components/ui/spinner'
import { MAIN_CONTENT_ID, SkipLink } from '@client/components/ui/skip-link'
import { useSessionUser } from '@client/features/session/api/get-session'
import { Sidebar } from '@client/features/shell/components/sidebar'
import { BottomBar, MobileHeader } from '@client/features/shell/components/mobile-bars'
import { LazyUserMenu } from '@client/features/account/components/lazy-user-menu'
import { useLoggedOutSync } from '@client/features/account/hooks/use-logged-out-sync'
import { useMagicLinkReturn } from '@client/features/account/hooks/use-magic-link-return'
import { useRedirects } from '@client/features/redirects/hooks/use-redirects'
import { lazyComponent } from '@client/lib/lazy-component'
import { isLoggedOut } from '@client/lib/session-storage'
import { useOutboxSync } from '@client/lib/offline/use-outbox-sync'
import { DESKTOP_QUERY, useMediaQuery } from '@client/lib/use-media-query'

// Loaded only while logged out (no dialog code on the first load of /).
const WelcomeBackDialog = lazyComponent(() => import('@client/features/account/components/account-dialogs'), 'WelcomeBackDialog')

function Shell() {
  const session = useSessionUser()
  useLoggedOutSync()
  useMagicLinkReturn()
  useRedirects()
  useOutboxSync()
  const loggedOut = isLoggedOut()
  const desktop = useMediaQuery(DESKTOP_QUERY)
  // The whole page mounts when the session answers, and on the first render even when the session is already known
  // (restored or carried by the page): deferred, with the spinner as its first value, React renders the page in short
  // slices the browser can paint and take input between, instead of one long task (Total Blocking Time).
  const waiting = useDeferredValue(session.isPending && !loggedOut, true)
  if (waiting) {
    return (
      <div className="grid min-h-screen place-items-center">
        <Spinner className="h-12 w-12" label="Loading your session" />
      </div>
    )
  }
  // While logged out there is no user, even if the query cache restored from IndexedDB still holds the last one.
  const user = loggedOut ? null : session.data
  const menu = user ? <LazyUserMenu user={user} /> : null
  return (
    <div className="min-h-screen">
      <SkipLink />
      {/* Only the bars of the current layout are rendered (the other's are hidden by CSS at this width): fewer
          links, icons and router subscriptions in the first screen's render. */}
      {desktop ? <Sidebar username={user?.username} menu={menu} /> : <MobileHeader right={menu} />}
      {loggedOut && (
        <Suspense fallback={null}>
          <WelcomeBackDialog open />
        </Suspense>
      )}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="px-4 pb-24 pt-4 outline-none md:ml-64 md:px-8 md:pb-8 md:pt-8">
        <Outlet />
      </main>
      {!desktop && <BottomBar />}
    </div>
  )
}

export const Route = createFileRoute('/_shell')({ component: Shell })
