/**
 * UsersTable (admin-back-office §2 User Management): the user rows in a scrollable region, virtualised with
 * @tanstack/react-virtual so 10,000 users keep only the visible rows (plus overscan) in the DOM. Column headers of the
 * sortable columns are buttons; aria-sort tells which one is active.
 */
import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef } from 'react'
import type { AdminUser } from '@contract/admin/data'
import { Avatar } from '@client/components/ui/avatar'
import { Badge } from '@client/components/ui/badge'
import { cn } from '@client/lib/cn'
import { formatDateTime } from '@client/features/admin/shell/format'
import { isActiveUser, type UserSort, type UserSortKey } from '../user-list'

/** Height of one row in px; rows are fixed so the virtualiser never has to measure them. */
const ROW_HEIGHT = 64

const COLUMNS: { label: string; sortKey?: UserSortKey; width: string }[] = [
  { label: 'User', sortKey: 'username', width: 'w-[22%]' },
  { label: 'Contact', sortKey: 'email', width: 'w-[18%]' },
  { label: 'Location', width: 'w-[11%]' },
  { label: 'Activity', sortKey: 'totalUploads', width: 'w-[16%]' },
  { label: 'Last Login', sortKey: 'lastLoginAt', width: 'w-[13%]' },
  { label: 'Logins', sortKey: 'loginCount', width: 'w-[7%]' },
  { label: 'Joined', sortKey: 'createdAt', width: 'w-[13%]' },
]

function UserRow({ user, index }: { user: AdminUser; index: number }) {
  const hasLocation = user.latitude !== null && user.longitude !== null
  return (
    <tr aria-rowindex={index + 2} className="h-16 border-t border-zinc-800">
      <td className="px-3">
        <div className="flex items-center gap-3">
          <Avatar username={user.username} />
          <div className="min-w-0">
            <p className="truncate font-medium">{user.username}</p>
            <p className="flex items-center gap-2 text-xs text-zinc-400">
              ID: {user.id}
              {user.isSynthetic && <Badge variant="accent">Synthetic</Badge>}
            </p>
          </div>
        </div>
      </td>
      <td className={cn('truncate px-3', !user.email && 'text-zinc-400')}>{user.email ?? 'No email'}</td>
      <td className={cn('px-3', !hasLocation && 'text-zinc-400')}>
        {hasLocation ? `${user.latitude!.toFixed(2)}, ${user.longitude!.toFixed(2)}` : 'No location'}
      </td>
      <td className="px-3">
        <span>
          {user.totalUploads} uploads · {user.totalVotes} votes · {user.totalViews} views
        </span>{' '}
        {isActiveUser(user) && <Badge variant="success">Active</Badge>}
      </td>
      <td className="px-3">{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'Never'}</td>
      <td className="px-3">{user.loginCount}</td>
      <td className="px-3">{formatDateTime(user.createdAt)}</td>
    </tr>
  )
}

function SortHeader({
  label,
  sortKey,
  width,
  sort,
  onSort,
}: (typeof COLUMNS)[number] & { sort: UserSort; onSort: (key: UserSortKey) => void }) {
  const active = sortKey !== undefined && sort.key === sortKey
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
      className={cn('sticky top-0 z-10 bg-zinc-900 px-3 py-2 text-left font-medium text-zinc-300', width)}
    >
      {sortKey ? (
        <button type="button" onClick={() => onSort(sortKey)} className="inline-flex items-center gap-1 hover:text-white">
          {label}
          <span aria-hidden className="text-xs">
            {active ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
          </span>
        </button>
      ) : (
        label
      )}
    </th>
  )
}

/** Props: the rows to show (already filtered and sorted), the active sort and the click handler of a sortable header. */
function UsersTable({ users, sort, onSort }: { users: AdminUser[]; sort: UserSort; onSort: (key: UserSortKey) => void }) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: users.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    getItemKey: (i) => users[i].id,
  })
  const rows = virtualizer.getVirtualItems()
  // Spacer rows stand in for the rows above and below the window, so the table keeps its real scroll height.
  const above = rows[0]?.start ?? 0
  const below = virtualizer.getTotalSize() - (rows.at(-1)?.end ?? 0)
  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label="Users"
      tabIndex={0}
      className="max-h-[70vh] overflow-auto rounded-2xl border border-zinc-800 [contain:inline-size]"
    >
      <table aria-rowcount={users.length + 1} className="w-full min-w-[900px] table-fixed text-sm">
        <thead>
          <tr aria-rowindex={1}>
            {COLUMNS.map((c) => (
              <SortHeader key={c.label} {...c} sort={sort} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {above > 0 && <tr aria-hidden style={{ height: above }} />}
          {rows.map((r) => (
            <UserRow key={r.key} user={users[r.index]} index={r.index} />
          ))}
          {below > 0 && <tr aria-hidden style={{ height: below }} />}
        </tbody>
      </table>
    </div>
  )
}

export { UsersTable }
