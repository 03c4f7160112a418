/**
 * User Management list logic (admin-back-office §2 User Management): the two date filters (created, last login),
 * the sortable columns (default createdAt descending) and the activity rule (at least one upload or vote).
 */
import type { Interval } from 'date-fns'
import type { AdminUser } from '@contract/admin/data'
import { inDateInterval } from './user-date-filter'

/** The columns a click sorts by. */
export type UserSortKey = 'username' | 'email' | 'totalUploads' | 'lastLoginAt' | 'loginCount' | 'createdAt'
/** A sort: column and direction. */
export type UserSort = { key: UserSortKey; dir: 'asc' | 'desc' }
/** The initial sort: newest account first. */
export const DEFAULT_USER_SORT: UserSort = { key: 'createdAt', dir: 'desc' }

/** Whether a user counts as active: at least one upload or one vote. */
export const isActiveUser = (u: AdminUser) => u.totalUploads > 0 || u.totalVotes > 0

/** The sort after a click on key: the same column flips its direction, another column starts descending. */
export const nextUserSort = (sort: UserSort, key: UserSortKey): UserSort =>
  sort.key === key ? { key, dir: sort.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'desc' }

// One collator for every comparison: localeCompare with options builds one per call, too slow for 10,000 rows.
const textOrder = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })

/** Names and emails in the reader's order ignoring case; numbers by value; ISO-8601 times as plain text. */
function compareValues(key: UserSortKey, a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (key === 'username' || key === 'email') return textOrder.compare(String(a), String(b))
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * The users kept by both intervals (null: All Time; created uses createdAt, last login uses lastLoginAt), sorted.
 * Users without the sorted value (no email, never logged in) come last in either direction; ties keep id order.
 */
export function listUsers(users: readonly AdminUser[], created: Interval | null, lastLogin: Interval | null, sort: UserSort): AdminUser[] {
  const sign = sort.dir === 'asc' ? 1 : -1
  return users
    .filter((u) => inDateInterval(u.createdAt, created) && inDateInterval(u.lastLoginAt, lastLogin))
    .sort((a, b) => {
      const x = a[sort.key]
      const y = b[sort.key]
      if (x === null || y === null) return x === y ? a.id - b.id : x === null ? 1 : -1
      return sign * compareValues(sort.key, x, y) || a.id - b.id
    })
}
