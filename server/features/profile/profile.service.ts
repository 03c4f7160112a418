/**
 * Profile changes (server-contract: PATCH /api/users/:id and check-username): usernames unique ignoring case,
 * an email set here stored unverified and never one another user has verified.
 */
import { and, eq, ne, sql } from 'drizzle-orm'
import type { Deps } from '../../core/deps'
import { users } from '../../db/schema'
import { inTransaction } from '../../db/open'
import { isReservedUsername, type ProfileUpdate } from '../../contract/users'
import { HttpError } from '../../http/errors'
import type { UserRow } from '../../http/session-user'

/** True when no user other than exceptUserId has this username (ignoring case) and it is not reserved (issue #10). */
export function isUsernameAvailable(deps: Pick<Deps, 'db'>, username: string, exceptUserId = 0): boolean {
  if (isReservedUsername(username)) return false
  return !deps.db.select({ id: users.id }).from(users).where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, exceptUserId))).get()
}

/** Applies update to user and returns the new row. Throws HttpError 409 for a taken or reserved username or another user's verified email. */
export function updateProfile(deps: Pick<Deps, 'db'>, user: UserRow, update: ProfileUpdate): UserRow {
  return inTransaction(deps.db, () => {
    const changes: Partial<UserRow> = {}
    if (update.username !== undefined && update.username !== user.username) {
      if (!isUsernameAvailable(deps, update.username, user.id)) throw new HttpError(409, 'Username is taken')
      changes.username = update.username
    }
    if (update.email !== undefined && update.email !== (user.email ?? '')) {
      const email = update.email || null
      // Only another user's verified copy blocks: a typed, unverified one never locks out the owner (issue #10).
      if (email && deps.db.select({ id: users.id }).from(users).where(and(eq(users.email, email), eq(users.emailVerified, true), ne(users.id, user.id))).get()) {
        throw new HttpError(409, 'That email belongs to another account: use "Login as Different User" to sign in to it')
      }
      Object.assign(changes, { email, emailVerified: false })
    }
    if (!Object.keys(changes).length) return user
    return deps.db.update(users).set(changes).where(eq(users.id, user.id)).returning().get()
  })
}
