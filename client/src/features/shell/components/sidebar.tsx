/** Desktop sidebar (public-visitor §2): brand, navigation of the five routes, avatar, username or 'Loading...', 'Active'. */
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { NAV_ITEMS } from '../nav-items'
import { Avatar } from '@client/components/ui/avatar'
import { Brand } from './brand'

/** Props: username (undefined while loading); menu: the user menu trigger shown in the user block when a user exists. */
function Sidebar({ username, menu }: { username?: string; menu?: ReactNode }) {
  return (
    <aside className="fixed inset-y-0 left-0 hidden w-64 flex-col border-r border-zinc-800 bg-zinc-950/95 p-5 md:flex">
      <Link to="/" className="mb-8">
        <Brand />
      </Link>
      <nav aria-label="Main" className="flex flex-1 flex-col gap-1">
        {NAV_ITEMS.map((item) => (
          <Link
            key={item.to}
            to={item.to}
            className="flex items-center gap-3 rounded-lg px-3 py-2 text-zinc-300 hover:bg-zinc-800/80 hover:text-white"
            activeProps={{ className: 'bg-zinc-800 text-white font-semibold' }}
            activeOptions={{ exact: true }}
          >
            <item.icon aria-hidden className="h-5 w-5 shrink-0" />
            {item.label}
          </Link>
        ))}
      </nav>
      <div className="flex items-center gap-3 rounded-xl border border-zinc-800 bg-zinc-900 p-3" data-testid="sidebar-user">
        {menu ?? <Avatar username={username} />}
        <div className="min-w-0">
          <p className="truncate font-medium">{username ?? 'Loading...'}</p>
          <p className="flex items-center gap-1 text-xs text-emerald-400">
            <span aria-hidden className="h-2 w-2 rounded-full bg-emerald-400" />
            Active
          </p>
        </div>
      </div>
    </aside>
  )
}

export { Sidebar }
