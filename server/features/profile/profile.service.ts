/**
 * Profile changes (server-contract: PATCH /api/users/:id and check-username): usernames unique ignoring case,
 * an email set here stored unverified and never one another user has verified.
 */
import type { Deps } from '../../core/deps'
import { findUserIdByUsername, updateUser } from '../../core/users.repo'
import { inTransaction } from '../../db/open'
import { isReservedUsername, type ProfileUpdate } from '../../contract/users'
import { HttpError } from '../../http/errors'
import type { UserRow } from '../../http/session-user'
import { findOtherVerifiedEmailOwner } from './profile.repo'

/** True when no user other than exceptUserId has this username (ignoring case) and it is not reserved (issue #10). */
export function isUsernameAvailable(deps: Pick<Deps, 'db'>, username: string, exceptUserId = 0): boolean {
  if (isReservedUsername(username)) return false
  return !findUserIdByUsername(deps.db, username, exceptUserId)
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
      if (email && findOtherVerifiedEmailOwner(deps.db, email, user.id)) {
        throw new HttpError(409, 'That email belongs to another account: use "Login as Different User" to sign in to it')
      }
      Object.assign(changes, { email, emailVerified: false })
    }
    if (!Object.keys(changes).length) return user
    return updateUser(deps.db, user.id, changes)
  })
}
