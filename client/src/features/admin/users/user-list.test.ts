import { describe, expect, it } from 'bun:test'
import type { AdminUser } from '@contract/admin/data'
import { DEFAULT_USER_SORT, isActiveUser, listUsers, nextUserSort } from './user-list'

const user = (id: number, fields: Partial<AdminUser> = {}): AdminUser => ({
  id,
  username: `user${id}`,
  email: null,
  latitude: null,
  longitude: null,
  totalUploads: 0,
  totalVotes: 0,
  totalViews: 0,
  lastLoginAt: null,
  loginCount: 0,
  createdAt: new Date(Date.UTC(2026, 0, id)).toISOString(),
  isSynthetic: false,
  ...fields,
})
const ids = (users: AdminUser[]) => users.map((u) => u.id)

describe('listUsers', () => {
  it('sorts newest account first by default', () => {
    expect(ids(listUsers([user(1), user(3), user(2)], null, null, DEFAULT_USER_SORT))).toEqual([3, 2, 1])
  })

  it('sorts numbers numerically and names ignoring case, both ways', () => {
    const users = [
      user(1, { loginCount: 9, username: 'bob' }),
      user(2, { loginCount: 10, username: 'Alice' }),
      user(3, { loginCount: 2, username: 'carol' }),
    ]
    expect(ids(listUsers(users, null, null, { key: 'loginCount', dir: 'desc' }))).toEqual([2, 1, 3])
    expect(ids(listUsers(users, null, null, { key: 'loginCount', dir: 'asc' }))).toEqual([3, 1, 2])
    expect(ids(listUsers(users, null, null, { key: 'username', dir: 'asc' }))).toEqual([2, 1, 3])
  })

  it('puts users without the value last in either direction', () => {
    const users = [user(1), user(2, { email: 'b@example.com' }), user(3, { email: 'a@example.com' })]
    expect(ids(listUsers(users, null, null, { key: 'email', dir: 'asc' }))).toEqual([3, 2, 1])
    expect(ids(listUsers(users, null, null, { key: 'email', dir: 'desc' }))).toEqual([2, 3, 1])
  })

  it('keeps only users inside both date intervals', () => {
    const jan = { start: new Date(Date.UTC(2026, 0, 1)), end: new Date(Date.UTC(2026, 0, 2, 12)) }
    const users = [user(1, { lastLoginAt: '2026-01-02T00:00:00.000Z' }), user(2), user(5, { lastLoginAt: '2026-01-01T10:00:00.000Z' })]
    expect(ids(listUsers(users, jan, null, DEFAULT_USER_SORT))).toEqual([2, 1])
    expect(ids(listUsers(users, jan, jan, DEFAULT_USER_SORT))).toEqual([1])
    expect(ids(listUsers(users, null, jan, DEFAULT_USER_SORT))).toEqual([5, 1])
  })
})

describe('nextUserSort', () => {
  it('flips the direction on the same column and starts a new column descending', () => {
    expect(nextUserSort({ key: 'createdAt', dir: 'desc' }, 'createdAt')).toEqual({ key: 'createdAt', dir: 'asc' })
    expect(nextUserSort({ key: 'createdAt', dir: 'asc' }, 'createdAt')).toEqual({ key: 'createdAt', dir: 'desc' })
    expect(nextUserSort({ key: 'createdAt', dir: 'asc' }, 'loginCount')).toEqual({ key: 'loginCount', dir: 'desc' })
  })
})

describe('isActiveUser', () => {
  it('counts an upload or a vote, not a view', () => {
    expect(isActiveUser(user(1, { totalUploads: 1 }))).toBe(true)
    expect(isActiveUser(user(1, { totalVotes: 1 }))).toBe(true)
    expect(isActiveUser(user(1, { totalViews: 5 }))).toBe(false)
  })
})

describe('listUsers on 10,000 rows', () => {
  it('filters and sorts 10,000 users by name, keeping every row', () => {
    // No timing here: speed is for benchmarks (tests must pass on a busy machine); this checks the order at that size.
    const users = Array.from({ length: 10_000 }, (_, i) => user(i + 1, { username: `User${(i * 7919) % 10_000}` }))
    const sorted = listUsers(users, { start: new Date(0), end: new Date(Date.UTC(2100, 0)) }, null, { key: 'username', dir: 'asc' })
    expect(sorted).toHaveLength(10_000)
    expect(sorted.map((u) => u.username).slice(0, 3)).toEqual(['User0', 'User1', 'User2'])
    expect(sorted.every((u, i) => i === 0 || sorted[i - 1].username.localeCompare(u.username, undefined, { numeric: true }) <= 0)).toBe(
      true,
    )
  })
})
