/**
 * AdminLayout (admin-back-office §2): the admin sidebar (collapsible on small screens) with Logout, around each admin
 * page; without a stored token it sends the visitor to /adm, except on the pages that say so themselves
 * (PAGES_WITHOUT_REDIRECT).
 */
import { Link, Outlet, useLocation, useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { Button } from '@client/components/ui/button'
import { MAIN_CONTENT_ID, SkipLink } from '@client/components/ui/skip-link'
import { cn } from '@client/lib/cn'
import { logOutAdmin, readAdminToken } from '../api/admin-api'

const LINKS = [
  { to: '/adm/media', label: 'Media' },
  { to: '/adm/users', label: 'Users' },
  { to: '/adm/vote-multiplier', label: 'Vote Multiplier' },
  { to: '/adm/populate-votes', label: 'Populate Votes' },
  { to: '/adm/export-votes', label: 'Export Votes' },
  { to: '/adm/dbtest', label: 'Database' },
  { to: '/adm/bucket', label: 'Bucket' },
  { to: '/adm/traffic-handlers', label: 'Traffic Handlers' },
  { to: '/adm/ads', label: 'Ads' },
  { to: '/adm/email-capture', label: 'Email Capture' },
  { to: '/adm/dmca', label: 'DMCA' },
  { to: '/adm/logs', label: 'Audit Logs' },
] as const

/**
 * Pages that handle a missing token themselves (admin-back-office §2): population shows a Go to Admin Login button,
 * DMCA and audit logs fail with 'Admin authentication required'.
 */
export const PAGES_WITHOUT_REDIRECT: readonly string[] = ['/adm/populate-votes', '/adm/dmca', '/adm/logs']

function AdminLayout() {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [open, setOpen] = useState(false)
  const mustRedirect = readAdminToken() === null && !PAGES_WITHOUT_REDIRECT.includes(pathname)
  useEffect(() => {
    if (mustRedirect) void navigate({ to: '/adm' })
  }, [mustRedirect, navigate])
  if (mustRedirect) return null
  const logout = () => {
    logOutAdmin()
    void navigate({ to: '/adm' })
  }
  return (
    <div className="min-h-screen md:flex">
      <SkipLink />
      <header className="flex items-center justify-between border-b border-zinc-800 p-4 md:hidden">
        <span className="font-bold">HotVote Admin</span>
        <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
          Menu
        </Button>
      </header>
      <aside
        className={cn(
          'w-full space-y-1 border-zinc-800 bg-zinc-950 p-4 md:block md:min-h-screen md:w-60 md:border-r',
          open ? 'block' : 'hidden',
        )}
      >
        <p className="mb-4 hidden text-lg font-bold md:block">HotVote Admin</p>
        <nav aria-label="Admin" className="flex flex-col gap-1">
          {LINKS.map((l) => (
            <Link
              key={l.to}
              to={l.to}
              className="rounded-lg px-3 py-2 text-zinc-300 hover:bg-zinc-800"
              activeProps={{ className: 'bg-zinc-800 text-white' }}
            >
              {l.label}
            </Link>
          ))}
        </nav>
        <Button variant="secondary" className="mt-6 w-full" onClick={logout}>
          Logout
        </Button>
      </aside>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 p-4 outline-none md:p-8">
        <Outlet />
      </main>
    </div>
  )
}

export { AdminLayout }
