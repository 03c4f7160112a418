import { afterAll, describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import * as v from 'valibot'
import { openDatabase } from '@server/db/open'
import { SessionIdSchema } from '@server/contract/session'
import { hashSessionId } from '@server/core/session-hash'
import { call, makeTestApp, makeVisitor, newSessionId, TEST_DIALECT } from '../../support/test-app'
import { paths } from '@contract/paths'

const t = makeTestApp()
afterAll(t.cleanup)

describe('POST /api/session', () => {
  it('creates a visitor with a generated readable username and sets the sid cookie', async () => {
    const sessionId = newSessionId()
    const r = await call(t.app, 'POST', paths.session(), { sessionId })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ sessionId, email: null, emailVerified: false })
    expect(r.json.username).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d{4}$/)
    expect(r.headers.get('set-cookie')).toContain(`sid=${sessionId}`)
    expect(r.headers.get('set-cookie')).toContain('HttpOnly')
  })

  it('resumes a known session and updates its location', async () => {
    const sessionId = newSessionId()
    const first = await call(t.app, 'POST', paths.session(), { sessionId })
    const again = await call(t.app, 'POST', paths.session(), { sessionId, username: '', latitude: 48.8566, longitude: 2.3522 })
    expect(again.status).toBe(200)
    expect(again.json).toMatchObject({ id: first.json.id, username: first.json.username, latitude: 48.8566, longitude: 2.3522 })
  })

  it('answers 400 for a malformed session id, broken JSON and wrong types', async () => {
    const bad = await call(t.app, 'POST', paths.session(), { sessionId: 'UPPER_and_short' })
    expect(bad.status).toBe(400)
    expect(bad.json.error).toBe('sessionId must be 16-64 characters of 0-9 and a-z')
    expect(bad.json.issues[0].path).toBe('sessionId')
    const broken = await call(t.app, 'POST', paths.session(), undefined, {
      raw: '{"sessionId":',
      headers: { 'content-type': 'application/json' },
    })
    expect(broken).toMatchObject({ status: 400, json: { error: 'Malformed JSON body' } })
    const wrong = await call(t.app, 'POST', paths.session(), { sessionId: newSessionId(), latitude: 'north' })
    expect(wrong.status).toBe(400)
    expect(wrong.json.issues[0].path).toBe('latitude')
  })
})

describe('GET /api/session', () => {
  it('answers the user of the sid cookie', async () => {
    const sessionId = newSessionId()
    await call(t.app, 'POST', paths.session(), { sessionId })
    const r = await call(t.app, 'GET', paths.session(), undefined, { cookie: `sid=${sessionId}` })
    expect(r.status).toBe(200)
    expect(r.json.sessionId).toBe(sessionId)
  })

  it('answers 401 JSON without a cookie', async () => {
    const r = await call(t.app, 'GET', paths.session())
    expect(r).toMatchObject({ status: 401, json: { error: 'No session' } })
  })
})

describe('unknown API paths and the OpenAPI document', () => {
  it('answers 404 JSON for an unknown /api path', async () => {
    const r = await call(t.app, 'GET', '/api/nope')
    expect(r).toMatchObject({ status: 404, json: { error: 'No API route /api/nope' } })
  })

  it('describes the API in an OpenAPI document', async () => {
    const r = await call(t.app, 'GET', paths.openapi())
    expect(r.status).toBe(200)
    expect(r.json.paths['/api/session']).toBeDefined()
  })
})

// SQLite only: it writes an older SQLite database's rows and reopens the file.
describe.if(TEST_DIALECT === 'sqlite')('session ids of system and synthetic users', () => {
  it('rewrites the usable ids an older database gave them when the database is opened', async () => {
    const u = makeTestApp()
    const legacySynthetic = `synthetic${'ab12'.repeat(8)}`
    const insert = u.sqlite.query(
      "insert into users (session_id, username, created_at, is_synthetic) values (?, ?, '2026-01-01T00:00:00.000Z', ?)",
    )
    insert.run('system-import-owner', 'system-import', 0)
    insert.run(legacySynthetic, 'voter_ab12ab12ab12', 1)
    const visitor = await makeVisitor(u.app)
    openDatabase(join(u.dir, 'hotvote.sqlite')).sqlite.close()
    const sids = ((await u.sql.all('select session_id as sid from users order by id')) as { sid: string }[]).map((r) => r.sid)
    expect(sids).toHaveLength(3)
    expect(sids[2]).toBe(hashSessionId(visitor.user.sessionId))
    for (const sid of sids.slice(0, 2)) expect(v.is(SessionIdSchema, sid)).toBe(false)
    for (const sid of ['system-import-owner', legacySynthetic])
      expect((await call(u.app, 'GET', paths.session(), undefined, { cookie: `sid=${sid}` })).status).toBe(401)
    expect((await call(u.app, 'GET', paths.session(), undefined, { cookie: visitor.cookie })).status).toBe(200)
    u.cleanup()
  })

  it('answers 401 for a sid cookie that is not a well-formed session id', async () => {
    for (const sid of ['system-import-owner', 'x', 'A'.repeat(32), 'a'.repeat(65)]) {
      expect(await call(t.app, 'GET', paths.session(), undefined, { cookie: `sid=${sid}` })).toMatchObject({
        status: 401,
        json: { error: 'No session' },
      })
    }
  })
})

describe('DELETE /api/session', () => {
  it('expires the sid cookie (logout), with or without a session', async () => {
    const visitor = await makeVisitor(t.app)
    for (const cookie of [visitor.cookie, undefined]) {
      const r = await call(t.app, 'DELETE', paths.session(), undefined, { cookie })
      expect(r.status).toBe(204)
      const setCookie = r.headers.get('set-cookie') ?? ''
      expect(setCookie).toMatch(/^sid=;/)
      expect(setCookie).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i)
      expect(setCookie).toContain('HttpOnly')
      expect(setCookie).toContain('Path=/')
    }
  })

  it("ends the cookie's session on the server: its row is gone, its id is refused and opens the account no more; the account and its other sessions stay", async () => {
    const visitor = await makeVisitor(t.app)
    // A second session of the same account, as a magic link in another browser adds it.
    const other = newSessionId()
    await t.sql.run(
      "insert into user_sessions (session_hash, user_id, created_at) values (?, ?, '2026-11-22T12:00:00.000Z')",
      hashSessionId(other),
      visitor.user.id,
    )
    const sessionRows = async () =>
      (await t.sql.all<{ h: string }>('select session_hash as h from user_sessions where user_id = ?', visitor.user.id)).map((r) => r.h)
    const whoIs = async (sessionId: string) => (await call(t.app, 'GET', paths.session(), undefined, { cookie: `sid=${sessionId}` })).status

    expect((await call(t.app, 'DELETE', paths.session(), undefined, { cookie: `sid=${other}` })).status).toBe(204)
    expect(await sessionRows()).toEqual([])
    expect(await whoIs(other)).toBe(401)
    expect(await whoIs(visitor.user.sessionId)).toBe(200)

    // The session that created the account: the users row stays, but no longer under that session's hash.
    expect((await call(t.app, 'DELETE', paths.session(), undefined, { cookie: visitor.cookie })).status).toBe(204)
    expect(await whoIs(visitor.user.sessionId)).toBe(401)
    const row = await t.sql.get<{ sid: string }>('select session_id as sid from users where id = ?', visitor.user.id)
    expect(row!.sid).not.toBe(hashSessionId(visitor.user.sessionId))
    expect(v.is(SessionIdSchema, row!.sid)).toBe(false)
    const voted = await call(t.app, 'POST', paths.votes(), { userId: visitor.user.id, mediaId: 1, isHot: true }, { cookie: visitor.cookie })
    expect(voted.status).toBe(401)
    // Posting the old id starts a new visitor, never the old account.
    const again = await call(t.app, 'POST', paths.session(), { sessionId: visitor.user.sessionId })
    expect(again.json.id).not.toBe(visitor.user.id)
  })
})
