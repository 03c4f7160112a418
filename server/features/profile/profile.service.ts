/**
 * Profile changes (server-contract: PATCH /api/users/:id and check-username): usernames unique ignoring case,
 * an email set here stored unverified and never one another user has verified.
 */
import type { Deps } from '../../core/deps'
import { findUserIdByUsername, updateUserIfFree, type UserRow } from '../../repositories/users.repository'
import { isReservedUsername, type ProfileUpdate } from '../../contract/users'
import { HttpError } from '../../http/errors'

const USERNAME_TAKEN = 'Username is taken'
const EMAIL_TAKEN = 'That email belongs to another account: use "Login as Different User" to sign in to it'

/** True when no user other than exceptUserId has this username (ignoring case) and it is not reserved. */
export async function isUsernameAvailable(deps: Pick<Deps, 'db'>, username: string, exceptUserId = 0): Promise<boolean> {
  if (isReservedUsername(username)) return false
  return !(await findUserIdByUsername(deps.db, username, exceptUserId))
}

/**
 * Applies update to user and returns the new row; the checks and the write are one transaction. Throws HttpError 409
 * for a taken or reserved username or another user's verified email.
 */
export async function updateProfile(deps: Pick<Deps, 'db'>, user: UserRow, update: ProfileUpdate): Promise<UserRow> {
  const changes: Partial<UserRow> = {}
  if (update.username !== undefined && update.username !== user.username) {
    if (isReservedUsername(update.username)) throw new HttpError(409, USERNAME_TAKEN)
    changes.username = update.username
  }
  // Only another user's verified copy blocks: a typed, unverified one never locks out the owner.
  if (update.email !== undefined && update.email !== (user.email ?? ''))
    Object.assign(changes, { email: update.email || null, emailVerified: false })
  if (!Object.keys(changes).length) return user
  const result = await updateUserIfFree(deps.db, user.id, changes)
  if ('user' in result) return result.user
  throw new HttpError(409, result.taken === 'username' ? USERNAME_TAKEN : EMAIL_TAKEN)
}
