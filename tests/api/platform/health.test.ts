/** GET /api/health and GET /api/ready: unauthenticated, uncached, in the OpenAPI document; ready answers 503 naming a failed check. */
import { describe, expect, it } from 'bun:test'
import { call, makeTestApp } from '../../support/test-app'
import { paths } from '@contract/paths'

describe('GET /api/health', () => {
  it('answers ok and the uptime without a session or credentials, never cached', async () => {
    const t = makeTestApp()
    const r = await call(t.app, 'GET', paths.health())
    expect(r).toMatchObject({ status: 200, json: { status: 'ok', uptime: expect.any(Number) } })
    expect(r.headers.get('cache-control')).toBe('no-store')
    t.cleanup()
  })
})

describe('GET /api/ready', () => {
  it('answers 200 ready when the database and the bucket answer', async () => {
    const t = makeTestApp()
    const r = await call(t.app, 'GET', paths.ready())
    expect(r).toMatchObject({ status: 200, json: { status: 'ready', checks: { database: 'ok', storage: 'ok' } } })
    expect(r.headers.get('cache-control')).toBe('no-store')
    t.cleanup()
  })

  it('answers 503 naming the storage check when the bucket fails', async () => {
    const t = makeTestApp()
    t.deps.storage = { ...t.deps.storage, head: () => Promise.reject(new Error('bucket unreachable')) }
    const r = await call(t.app, 'GET', paths.ready())
    expect(r).toMatchObject({ status: 503, json: { status: 'not ready', checks: { database: 'ok', storage: 'bucket unreachable' } } })
    t.cleanup()
  })

  it('answers 503 naming the database check when the database is closed', async () => {
    const t = makeTestApp()
    await t.deps.db.close()
    const r = await call(t.app, 'GET', paths.ready())
    expect(r).toMatchObject({
      status: 503,
      json: { status: 'not ready', checks: { database: expect.stringMatching(/closed/i), storage: 'ok' } },
    })
    t.cleanup()
  })
})

describe('the OpenAPI document', () => {
  it('describes both health calls', async () => {
    const t = makeTestApp()
    const documented = (await call(t.app, 'GET', paths.openapi())).json.paths
    expect(documented['/api/health'].get.responses['200']).toBeDefined()
    expect(documented['/api/ready'].get.responses['503']).toBeDefined()
    t.cleanup()
  })
})
