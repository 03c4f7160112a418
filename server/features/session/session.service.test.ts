/** upsertSession on a real database: new visitors stored by session hash, resumes, the login window, usernames, admission. */
import { afterAll, describe, expect, it } from 'bun:test'
import { makeTestDeps, newSessionId } from '../../../tests/support/test-app'
import { insertUser } from '../../../tests/support/rows'
import { hashSessionId } from '../../core/session-hash'
import { HttpError } from '../../http/errors'
import { LOGIN_RESUME_WINDOW_MS, randomUsername, upsertSession } from './session.service'

const t = makeTestDeps()
afterAll(t.cleanup)
const userCount = async () => (await t.sql.get<{ n: number }>('select count(*) as n from users'))!.n

describe('upsertSession', () => {
  it('creates a visitor stored under the hash of its session id, never the id itself', async () => {
    const sessionId = newSessionId()
    const user = await upsertSession(t.deps, { sessionId })
    expect(user.sessionId).toBe(hashSessionId(sessionId))
    expect(await t.sql.get('select count(*) as n from users where session_id = ?', sessionId)).toEqual({ n: 0 })
    expect(user).toMatchObject({ loginCount: 1, lastLoginAt: t.clock.now().toISOString() })
  })

  it('resumes the same visitor, counting a login only once LOGIN_RESUME_WINDOW_MS has passed, and updates the location', async () => {
    const sessionId = newSessionId()
    const created = await upsertSession(t.deps, { sessionId })
    t.clock.advance(LOGIN_RESUME_WINDOW_MS - 1)
    const soon = await upsertSession(t.deps, { sessionId, latitude: 48.85, longitude: 2.35 })
    expect(soon).toMatchObject({ id: created.id, loginCount: 1, lastLoginAt: created.lastLoginAt, latitude: 48.85, longitude: 2.35 })
    t.clock.advance(1)
    const later = await upsertSession(t.deps, { sessionId })
    expect(later).toMatchObject({ id: created.id, loginCount: 2, lastLoginAt: t.clock.now().toISOString(), latitude: 48.85 })
  })

  it('takes a requested username only when it is valid, free ignoring case and not reserved', async () => {
    await insertUser(t.sql, { username: 'TakenName' })
    expect((await upsertSession(t.deps, { sessionId: newSessionId(), username: ' Free_Name ' })).username).toBe('Free_Name')
    for (const username of ['takenname', 'voter_abc', 'System-x', 'no', 'bad name!']) {
      expect((await upsertSession(t.deps, { sessionId: newSessionId(), username })).username).not.toBe(username.trim())
    }
  })

  it('asks admitNew only for an unknown session, and writes nothing when it refuses', async () => {
    const known = newSessionId()
    await upsertSession(t.deps, { sessionId: known })
    let asked = 0
    const refuse = async () => {
      asked++
      throw new HttpError(429, 'Too many new visitors')
    }
    await upsertSession(t.deps, { sessionId: known }, refuse)
    expect(asked).toBe(0)
    const before = await userCount()
    expect(await upsertSession(t.deps, { sessionId: newSessionId() }, refuse).catch((e: HttpError) => e.status)).toBe(429)
    expect(asked).toBe(1)
    expect(await userCount()).toBe(before)
  })
})

describe('randomUsername', () => {
  it('is a capitalised word pair and digits within the username rule, different on each call', () => {
    const names = Array.from({ length: 50 }, randomUsername)
    for (const name of names) expect(name).toMatch(/^[A-Z][A-Za-z]+\d{0,4}$/)
    for (const name of names) expect(name.length).toBeLessThanOrEqual(30)
    expect(new Set(names).size).toBeGreaterThan(45)
  })
})
