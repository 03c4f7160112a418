/**
 * The admin guard (server-contract: Admin API; it reads the admin token from the Cookie header itself and
 * is mounted as an Elysia guard, so it must still cover every admin route): no route under /api/admin or /api/db-test
 * but login and logout admits a call without credentials or with a token it did not issue, and a live token is
 * found among other cookies.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { call, makeTestApp } from '../../support/test-app'
import { paths } from '@contract/paths'

const t = makeTestApp()
afterAll(() => t.cleanup())

const OPEN = new Set(['/api/admin/login', '/api/admin/logout'])
/** Every guarded route of the app, with its params filled in. */
const guarded = t.app.routes
  .filter((r) => (r.path.startsWith('/api/admin/') || r.path.startsWith('/api/db-test/')) && !OPEN.has(r.path))
  .map((r) => ({ method: r.method, path: r.path.replace(/:[A-Za-z]+/g, '1').replace('*', 'x'), hasBody: !!r.hooks.body }))

describe('the admin guard', () => {
  it('covers the admin routes', () => {
    expect(guarded.length).toBeGreaterThan(30)
  })

  it('answers 401 on every admin route without credentials, and with a made-up or malformed token among other cookies', async () => {
    for (const cookie of [
      undefined,
      'hv_admin=made-up-token',
      'sid=abc; hv_admin=%E0%A4%A; theme=dark',
      'hv_admin=; hv_admin=also-made-up',
    ]) {
      for (const { method, path, hasBody } of guarded) {
        const r = await call(t.app, method, path, undefined, { cookie, headers: { 'x-requested-with': 'HotVote' } })
        // Elysia validates a declared body before any beforeHandle hook: a call without its body is refused 400 first.
        const refused = hasBody && r.status === 400 ? 400 : 401
        expect({ method, path, cookie, status: r.status }).toEqual({ method, path, cookie, status: refused })
        if (refused === 401) expect(r.json).toEqual({ error: 'Admin authentication required', requestId: expect.any(String) })
      }
    }
  })

  it('admits a live token sent among other cookies, percent-encoded or not', async () => {
    const login = await call(t.app, 'POST', paths.adminLogin(), { username: 'admin', password: 'test-admin-password' })
    const token = /hv_admin=([^;]*)/.exec(login.headers.get('set-cookie') ?? '')![1]
    for (const cookie of [
      `sid=abc; hv_admin=${token}; theme=dark`,
      `theme=dark;hv_admin=${encodeURIComponent(token)}`,
      ` hv_admin = ${token} `,
    ]) {
      expect((await call(t.app, 'GET', paths.adminConfig('vote-multiplier'), undefined, { cookie })).status).toBe(200)
    }
  })
})
