/** updateProfile and isUsernameAvailable on a real database: usernames unique ignoring case and not reserved, emails stored unverified whoever verified them. */
import { afterAll, describe, expect, it } from 'bun:test'
import { makeTestDeps } from '../../../tests/support/test-app'
import { insertUser } from '../../../tests/support/rows'
import type { HttpError } from '../../http/errors'
import type { UserRow } from '../../repositories/users.repository'
import { isUsernameAvailable, updateProfile } from './profile.service'

const t = makeTestDeps()
afterAll(t.cleanup)

/** The user row of id, as the session plugin hands it to the route. */
async function userRow(id: number): Promise<UserRow> {
  const r = await t.sql.get(
    'select id, session_id, username, email, email_verified, latitude, longitude, created_at, last_login_at, login_count, is_synthetic from users where id = ?',
    id,
  )
  return {
    id: r.id,
    sessionId: r.session_id,
    username: r.username,
    email: r.email,
    emailVerified: !!r.email_verified,
    latitude: r.latitude,
    longitude: r.longitude,
    createdAt: r.created_at,
    lastLoginAt: r.last_login_at,
    loginCount: r.login_count,
    isSynthetic: !!r.is_synthetic,
  }
}
const statusOf = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: HttpError) => [e.status, e.message],
  )

describe('updateProfile', () => {
  it('renames the user and stores a new email unverified', async () => {
    const id = await insertUser(t.sql, { email: 'old@example.com', emailVerified: true })
    const updated = await updateProfile(t.deps, await userRow(id), { username: 'Renamed_One', email: 'new@example.com' })
    expect(updated).toMatchObject({ id, username: 'Renamed_One', email: 'new@example.com', emailVerified: false })
    expect(await t.sql.get('select username, email, email_verified from users where id = ?', id)).toEqual({
      username: 'Renamed_One',
      email: 'new@example.com',
      email_verified: 0,
    })
  })

  it('removes the email when sent empty, and changes nothing when nothing differs', async () => {
    const id = await insertUser(t.sql, { email: 'gone@example.com' })
    expect((await updateProfile(t.deps, await userRow(id), { email: '' })).email).toBeNull()
    const same = await userRow(id)
    expect(await updateProfile(t.deps, same, { username: same.username })).toBe(same)
  })

  it('refuses with 409 a username another user has in any case and a reserved one, keeping the row', async () => {
    await insertUser(t.sql, { username: 'Holder' })
    const id = await insertUser(t.sql, { username: 'Asker' })
    const row = await userRow(id)
    expect(await statusOf(updateProfile(t.deps, row, { username: 'hOLDER' }))).toEqual([409, 'Username is taken'])
    expect(await statusOf(updateProfile(t.deps, row, { username: 'voter_me' }))).toEqual([409, 'Username is taken'])
    expect(await t.sql.get('select username, email from users where id = ?', id)).toEqual({ username: 'Asker', email: null })
  })

  it("stores an email another user verified unverified, as any other, leaving that user's verified copy", async () => {
    const holder = await insertUser(t.sql, { email: 'verified@example.com', emailVerified: true })
    const id = await insertUser(t.sql)
    expect(await updateProfile(t.deps, await userRow(id), { email: 'verified@example.com' })).toMatchObject({
      email: 'verified@example.com',
      emailVerified: false,
    })
    expect(await t.sql.get('select email, email_verified from users where id = ?', holder)).toEqual({
      email: 'verified@example.com',
      email_verified: 1,
    })
  })

  it('accepts an email another user only typed, unverified', async () => {
    await insertUser(t.sql, { email: 'typed@example.com' })
    const id = await insertUser(t.sql)
    expect((await updateProfile(t.deps, await userRow(id), { email: 'typed@example.com' })).email).toBe('typed@example.com')
  })
})

describe('isUsernameAvailable', () => {
  it("is false for a name taken in any case or reserved, true for a free one and for the asking user's own", async () => {
    const id = await insertUser(t.sql, { username: 'Mine' })
    expect(await isUsernameAvailable(t.deps, 'MINE')).toBe(false)
    expect(await isUsernameAvailable(t.deps, 'mine', id)).toBe(true)
    expect(await isUsernameAvailable(t.deps, 'System-admin')).toBe(false)
    expect(await isUsernameAvailable(t.deps, 'Nobody_Has_This')).toBe(true)
  })
})
