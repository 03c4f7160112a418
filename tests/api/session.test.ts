import { afterAll, describe, expect, it } from 'bun:test'
import { call, makeTestApp, newSessionId } from '../support/test-app'

const t = makeTestApp()
afterAll(t.cleanup)

describe('POST /api/session', () => {
  it('creates a visitor with a generated readable username and sets the sid cookie', async () => {
    const sessionId = newSessionId()
    const r = await call(t.app, 'POST', '/api/session', { sessionId })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ sessionId, email: null, emailVerified: false })
    expect(r.json.username).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d{4}$/)
    expect(r.headers.get('set-cookie')).toContain(`sid=${sessionId}`)
    expect(r.headers.get('set-cookie')).toContain('HttpOnly')
  })

  it('resumes a known session and updates its location', async () => {
    const sessionId = newSessionId()
    const first = await call(t.app, 'POST', '/api/session', { sessionId })
    const again = await call(t.app, 'POST', '/api/session', { sessionId, username: '', latitude: 48.8566, longitude: 2.3522 })
    expect(again.status).toBe(200)
    expect(again.json).toMatchObject({ id: first.json.id, username: first.json.username, latitude: 48.8566, longitude: 2.3522 })
  })

  it('answers 400 for a malformed session id, broken JSON and wrong types', async () => {
    const bad = await call(t.app, 'POST', '/api/session', { sessionId: 'UPPER_and_short' })
    expect(bad.status).toBe(400)
    expect(bad.json.error).toBe('sessionId must be 16-64 characters of 0-9 and a-z')
    expect(bad.json.issues[0].path).toBe('sessionId')
    const broken = await call(t.app, 'POST', '/api/session', undefined, { raw: '{"sessionId":', headers: { 'content-type': 'application/json' } })
    expect(broken).toMatchObject({ status: 400, json: { error: 'Malformed JSON body' } })
    const wrong = await call(t.app, 'POST', '/api/session', { sessionId: newSessionId(), latitude: 'north' })
    expect(wrong.status).toBe(400)
    expect(wrong.json.issues[0].path).toBe('latitude')
  })
})

describe('GET /api/session', () => {
  it('answers the user of the sid cookie', async () => {
    const sessionId = newSessionId()
    await call(t.app, 'POST', '/api/session', { sessionId })
    const r = await call(t.app, 'GET', '/api/session', undefined, { cookie: `sid=${sessionId}` })
    expect(r.status).toBe(200)
    expect(r.json.sessionId).toBe(sessionId)
  })

  it('answers 401 JSON without a cookie', async () => {
    const r = await call(t.app, 'GET', '/api/session')
    expect(r).toMatchObject({ status: 401, json: { error: 'No session' } })
  })
})

describe('unknown API paths and the OpenAPI document', () => {
  it('answers 404 JSON for an unknown /api path', async () => {
    const r = await call(t.app, 'GET', '/api/nope')
    expect(r).toMatchObject({ status: 404, json: { error: 'No API route /api/nope' } })
  })

  it('describes the API in an OpenAPI document', async () => {
    const r = await call(t.app, 'GET', '/api/openapi/json')
    expect(r.status).toBe(200)
    expect(r.json.paths['/api/session']).toBeDefined()
  })
})
