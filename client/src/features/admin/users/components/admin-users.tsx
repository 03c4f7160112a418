/**
 * AdminUsersPage (admin-back-office §2 User Management, §5, §8): counters Total Users, Active Users and Total Uploads
 * (over every user), the Date Range Filters panel, the sortable virtualised table and the caption
 * 'Showing X of Y users'; 'No users found' when nothing matches, 'Failed to fetch users data' when the list fails.
 */
import { useQuery } from '@tanstack/react-query'
import type { Interval } from 'date-fns'
import { useMemo, useState } from 'react'
import { Spinner } from '@client/components/ui/spinner'
import { adminErrorText } from '@client/features/admin/shell/api/admin-api'
import { StatCards } from '@client/features/admin/shell/components/stat-cards'
import { adminUsersQueryOptions } from '../api/get-admin-users'
import { dateFilterInterval } from '../user-date-filter'
import { DEFAULT_USER_SORT, isActiveUser, listUsers, nextUserSort } from '../user-list'
import { UserDateFilters, type UserDateFilterPair } from './user-date-filters'
import { UsersTable } from './users-table'

type Intervals = { created: Interval | null; lastLogin: Interval | null }
const ALL_TIME: Intervals = { created: null, lastLogin: null }

function AdminUsersPage() {
  const users = useQuery(adminUsersQueryOptions())
  const [intervals, setIntervals] = useState<Intervals>(ALL_TIME)
  const [filterError, setFilterError] = useState<string>()
  const [sort, setSort] = useState(DEFAULT_USER_SORT)
  const all = users.data
  const shown = useMemo(() => (all ? listUsers(all, intervals.created, intervals.lastLogin, sort) : []), [all, intervals, sort])
  const counters = useMemo(
    () =>
      [
        ['Total Users', all?.length ?? 0],
        ['Active Users', all?.filter(isActiveUser).length ?? 0],
        ['Total Uploads', all?.reduce((n, u) => n + u.totalUploads, 0) ?? 0],
      ] as const,
    [all],
  )
  const apply = (filters: UserDateFilterPair) => {
    const now = new Date()
    try {
      setIntervals({ created: dateFilterInterval(filters.created, now), lastLogin: dateFilterInterval(filters.lastLogin, now) })
      setFilterError(undefined)
    } catch (e) {
      setFilterError((e as Error).message)
    }
  }
  if (users.isPending) return <Spinner className="h-10 w-10" label="Loading users" />
  if (users.isError)
    return (
      <p role="alert" className="text-red-400">
        {adminErrorText(users.error, 'Failed to fetch users data')}
      </p>
    )
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">User Management</h1>
      <StatCards items={counters} className="grid-cols-3 md:grid-cols-3" />
      <UserDateFilters error={filterError} onApply={apply} onReset={() => (setIntervals(ALL_TIME), setFilterError(undefined))} />
      <p role="status" className="text-sm text-zinc-400">
        Showing {shown.length} of {users.data.length} users
      </p>
      {shown.length === 0 ? (
        <p className="text-zinc-400">No users found</p>
      ) : (
        <UsersTable users={shown} sort={sort} onSort={(key) => setSort(nextUserSort(sort, key))} />
      )}
    </div>
  )
}

export { AdminUsersPage }
