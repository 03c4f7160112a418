import { afterAll, describe, expect, it } from 'bun:test'
import { Elysia } from 'elysia'
import * as v from 'valibot'
import { HttpError, mapError, mustFind } from '@server/http/errors'
import { call, captureLog, makeTestApp } from '../../support/test-app'

// A tiny app using the real mapper, to pin each mapping of STYLE §5 independently of any feature.
const probe = new Elysia()
  .onError(({ code, error }) => mapError(code, error, 'test-request'))
  .get('/http-error', () => {
    throw new HttpError(409, 'Username is taken', undefined, { code: 'taken' })
  })
  .get('/missing', () => mustFind(undefined, 'Media'))
  .get('/crash', () => {
    throw new Error('secret stack detail')
  })
  .post('/typed', ({ body }) => body, { body: v.object({ count: v.number() }) })
  .get('/drifted', () => ({ count: 'three' }) as never, { response: { 200: v.object({ count: v.number() }) } })

describe('the error mapper', () => {
  it('answers an HttpError with its status, message and extra fields', async () => {
    expect(await call(probe, 'GET', '/http-error')).toMatchObject({ status: 409, json: { error: 'Username is taken', code: 'taken' } })
  })

  it('turns a missing row into 404 naming what is missing', async () => {
    expect(await call(probe, 'GET', '/missing')).toMatchObject({ status: 404, json: { error: 'Media not found' } })
  })

  it('answers 500 Internal error without leaking the message or a stack, and logs the error with the request id', async () => {
    const log = captureLog()
    const r = await call(probe, 'GET', '/crash').finally(log.restore)
    expect(r).toMatchObject({ status: 500, json: { error: 'Internal error', requestId: 'test-request' } })
    expect(log.lines()).toContainEqual(
      expect.objectContaining({
        level: 50,
        requestId: 'test-request',
        msg: 'internal error',
        err: expect.objectContaining({ message: 'secret stack detail' }),
      }),
    )
    expect(r.text).not.toContain('secret')
    expect(r.text).not.toContain('at ')
  })

  it('answers a wrong type with 400 and the field path, never 422', async () => {
    const r = await call(probe, 'POST', '/typed', { count: 'three' })
    expect(r.status).toBe(400)
    expect(r.json.issues).toEqual([{ path: 'count', message: expect.stringContaining('Expected number') }])
    expect(r.json.error).toStartWith('count: ')
  })

  it("answers 500 and logs it when an answer drifts from its response schema (our bug, not the caller's)", async () => {
    const log = captureLog()
    const r = await call(probe, 'GET', '/drifted').finally(log.restore)
    expect(r).toMatchObject({ status: 500, json: { error: 'Internal error', requestId: 'test-request' } })
    expect(log.lines()).toContainEqual(
      expect.objectContaining({ requestId: 'test-request', msg: 'answer does not match its response schema', at: 'count' }),
    )
  })

  it('answers broken JSON with 400 Malformed JSON body', async () => {
    const r = await call(probe, 'POST', '/typed', undefined, { raw: '{"count": 1', headers: { 'content-type': 'application/json' } })
    expect(r).toMatchObject({ status: 400, json: { error: 'Malformed JSON body' } })
  })
})

describe('the PWA fallback', () => {
  const t = makeTestApp()
  afterAll(t.cleanup)

  it('says the client is not built rather than answering HTML for a missing dist', async () => {
    const r = await call(t.app, 'GET', '/stats')
    expect(r.status).toBe(503)
    expect(r.json.error).toContain('npm run build')
  })
})
