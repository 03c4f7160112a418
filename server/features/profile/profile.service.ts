/**
 * Profile changes (server-contract: PATCH /api/users/:id and check-username): usernames unique ignoring case, an
 * email set here stored unverified. An address another user has verified is stored unverified too, as any other:
 * the answer is the same for every address, so it tells nobody which addresses have accounts (docs/decisions.md).
 * Only a magic link verifies an address, and a save link asked for one another account verified goes to that account.
 */
import type { Deps } from '../../core/deps'
import { findUserIdByUsername, updateUserIfUsernameFree, type UserRow } from '../../repositories/users.repository'
import { isReservedUsername, type ProfileUpdate } from '../../contract/users'
import { HttpError } from '../../http/errors'

const USERNAME_TAKEN = 'Username is taken'

/** True when no user other than exceptUserId has this username (ignoring case) and it is not reserved. */
export async function isUsernameAvailable(deps: Pick<Deps, 'db'>, username: string, exceptUserId = 0): Promise<boolean> {
  if (isReservedUsername(username)) return false
  return !(await findUserIdByUsername(deps.db, username, exceptUserId))
}

/**
 * Applies update to user and returns the new row; the username check and the write are one transaction. Throws
 * HttpError 409 for a taken or reserved username. A new email is stored unverified whoever else has it.
 */
export async function updateProfile(deps: Pick<Deps, 'db'>, user: UserRow, update: ProfileUpdate): Promise<UserRow> {
  const changes: Partial<UserRow> = {}
  if (update.username !== undefined && update.username !== user.username) {
    if (isReservedUsername(update.username)) throw new HttpError(409, USERNAME_TAKEN)
    changes.username = update.username
  }
  // No address blocks: refusing one another user verified would tell the asker that it has an account.
  if (update.email !== undefined && update.email !== (user.email ?? ''))
    Object.assign(changes, { email: update.email || null, emailVerified: false })
  if (!Object.keys(changes).length) return user
  const result = await updateUserIfUsernameFree(deps.db, user.id, changes)
  if ('user' in result) return result.user
  throw new HttpError(409, USERNAME_TAKEN)
}
