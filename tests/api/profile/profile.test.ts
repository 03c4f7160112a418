import { afterAll, describe, expect, it } from 'bun:test'
import { call, makeTestApp, makeVisitor } from '../../support/test-app'
import { paths } from '@contract/paths'

const t = makeTestApp()
afterAll(t.cleanup)

describe('PATCH /api/users/:id', () => {
  it('changes the username and stores an email unverified', async () => {
    const v = await makeVisitor(t.app)
    const r = await call(
      t.app,
      'PATCH',
      `/api/users/${v.user.id}`,
      { username: 'Night_Owl-7', email: ' Owl@Example.COM ' },
      { cookie: v.cookie },
    )
    expect(r).toMatchObject({
      status: 200,
      json: { id: v.user.id, username: 'Night_Owl-7', email: 'owl@example.com', emailVerified: false },
    })
  })

  it('answers 409 for a username taken in another case', async () => {
    const a = await makeVisitor(t.app)
    await call(t.app, 'PATCH', `/api/users/${a.user.id}`, { username: 'TakenName' }, { cookie: a.cookie })
    const b = await makeVisitor(t.app)
    expect(await call(t.app, 'PATCH', `/api/users/${b.user.id}`, { username: 'takenNAME' }, { cookie: b.cookie })).toMatchObject({
      status: 409,
      json: { error: 'Username is taken' },
    })
  })

  it('answers an address another account verified as a free one, storing it unverified and leaving that account as it was', async () => {
    const owner = await makeVisitor(t.app)
    await call(t.app, 'PATCH', `/api/users/${owner.user.id}`, { email: 'verified-owner@example.com' }, { cookie: owner.cookie })
    await t.sql.run('update users set email_verified = true where id = ?', owner.user.id)
    const ownerRow = await t.sql.get('select * from users where id = ?', owner.user.id)
    /** What PATCH answers visitor v for email, with the parts that differ between visitors taken out. */
    const answerFor = async (email: string) => {
      const v = await makeVisitor(t.app)
      const r = await call(t.app, 'PATCH', `/api/users/${v.user.id}`, { email }, { cookie: v.cookie })
      const { id, sessionId, username, createdAt, ...rest } = r.json
      expect({ id, sessionId, username }).toEqual({ id: v.user.id, sessionId: v.user.sessionId, username: v.user.username })
      expect(typeof createdAt).toBe('string')
      const me = await call(t.app, 'GET', paths.session(), undefined, { cookie: v.cookie })
      return {
        status: r.status,
        contentType: r.headers.get('content-type'),
        keys: Object.keys(r.json).sort(),
        rest,
        session: me.json.email,
      }
    }
    const taken = await answerFor('verified-owner@example.com')
    const free = await answerFor('nobody-has-this@example.com')
    expect(taken).toEqual({ ...free, rest: { ...free.rest, email: 'verified-owner@example.com' }, session: 'verified-owner@example.com' })
    expect(taken.status).toBe(200)
    expect(taken.rest).toMatchObject({ emailVerified: false })
    expect(await t.sql.get('select * from users where id = ?', owner.user.id)).toEqual(ownerRow)
  })

  it("keeps one's own username in another case and removes the email when sent empty", async () => {
    const v = await makeVisitor(t.app)
    await call(t.app, 'PATCH', `/api/users/${v.user.id}`, { username: 'CaseOwner', email: 'case@example.com' }, { cookie: v.cookie })
    const r = await call(t.app, 'PATCH', `/api/users/${v.user.id}`, { username: 'caseowner', email: '' }, { cookie: v.cookie })
    expect(r.json).toMatchObject({ username: 'caseowner', email: null })
  })

  it('answers 400 for bad usernames, a 60 KB username and a bad email, and 413 for a 1 MB one (body limit)', async () => {
    const v = await makeVisitor(t.app)
    expect(
      await call(t.app, 'PATCH', `/api/users/${v.user.id}`, { username: 'x'.repeat(1024 * 1024) }, { cookie: v.cookie }),
    ).toMatchObject({ status: 413, json: { error: 'Request body too large' } })
    for (const username of ['ab', 'has space', 'x'.repeat(31), 'x'.repeat(60 * 1024)]) {
      const r = await call(t.app, 'PATCH', `/api/users/${v.user.id}`, { username }, { cookie: v.cookie })
      expect(r).toMatchObject({ status: 400, json: { error: 'Username must be 3-30 characters: letters, digits, _ or -' } })
    }
    expect((await call(t.app, 'PATCH', `/api/users/${v.user.id}`, { email: 'nope@' }, { cookie: v.cookie })).json.error).toBe(
      'Please enter a valid email address',
    )
  })

  it("answers 403 for someone else's profile and 401 without a session", async () => {
    const a = await makeVisitor(t.app)
    const b = await makeVisitor(t.app)
    expect((await call(t.app, 'PATCH', `/api/users/${b.user.id}`, { username: 'Hijacker' }, { cookie: a.cookie })).status).toBe(403)
    expect((await call(t.app, 'PATCH', `/api/users/${a.user.id}`, { username: 'Hijacker' })).status).toBe(401)
  })
})

describe('an unverified email', () => {
  it('never blocks another user from typing the same address', async () => {
    const a = await makeVisitor(t.app)
    const b = await makeVisitor(t.app)
    for (const v of [a, b]) {
      const r = await call(t.app, 'PATCH', `/api/users/${v.user.id}`, { email: 'shared@example.com' }, { cookie: v.cookie })
      expect(r).toMatchObject({ status: 200, json: { email: 'shared@example.com', emailVerified: false } })
    }
  })
})

describe('reserved usernames', () => {
  it('refuses names kept for system and synthetic users, as taken, in any case', async () => {
    const v = await makeVisitor(t.app)
    for (const username of ['system-import', 'SYSTEM-anything', 'voter_abc123']) {
      expect(await call(t.app, 'PATCH', `/api/users/${v.user.id}`, { username }, { cookie: v.cookie })).toMatchObject({
        status: 409,
        json: { error: 'Username is taken' },
      })
      expect((await call(t.app, 'GET', `/api/users/check-username/${username}`, undefined, { cookie: v.cookie })).json).toEqual({
        available: false,
      })
    }
    expect((await makeVisitor(t.app, { username: 'voter_xyz' })).user.username).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d{4}$/)
  })
})

describe('GET /api/users/check-username/:username', () => {
  it("says whether a name is free, ignoring case, counting one's own as free", async () => {
    const a = await makeVisitor(t.app)
    await call(t.app, 'PATCH', `/api/users/${a.user.id}`, { username: 'SunnyFox' }, { cookie: a.cookie })
    const b = await makeVisitor(t.app)
    expect((await call(t.app, 'GET', '/api/users/check-username/sunnyfox', undefined, { cookie: b.cookie })).json).toEqual({
      available: false,
    })
    expect((await call(t.app, 'GET', '/api/users/check-username/SunnyFox', undefined, { cookie: a.cookie })).json).toEqual({
      available: true,
    })
    expect((await call(t.app, 'GET', '/api/users/check-username/FreshName')).json).toEqual({ available: true })
    expect((await call(t.app, 'GET', `/api/users/check-username/${'x'.repeat(200)}`)).status).toBe(400)
  })

  it('decodes the name once: an encoded % is a character, not a second escape (found by the fuzz suite: it was a 500)', async () => {
    const a = await makeVisitor(t.app)
    await call(t.app, 'PATCH', `/api/users/${a.user.id}`, { username: 'Abc' }, { cookie: a.cookie })
    expect(await call(t.app, 'GET', '/api/users/check-username/%25zz')).toMatchObject({ status: 200, json: { available: true } })
    // %2541bc is the text "%41bc": decoded twice it would become the taken name Abc.
    expect((await call(t.app, 'GET', '/api/users/check-username/%2541bc')).json).toEqual({ available: true })
  })
})
