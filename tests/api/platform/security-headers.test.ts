/** Security headers on every answer: the PWA, /adm, API JSON, errors, media, the ad frame. */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createApp } from '@server/app'
import { call, makeTestApp, makeVisitor, ADMIN_BASIC } from '../../support/test-app'
import { makeMedia } from '../../support/builders'

const t = makeTestApp()
afterAll(t.cleanup)
const clientDir = join(t.dir, 'client')
const app = createApp(t.deps, clientDir)
let mediaUrl = ''
beforeAll(async () => {
  mkdirSync(join(clientDir, 'assets'), { recursive: true })
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>HotVote</title>')
  writeFileSync(join(clientDir, 'assets', 'main-abc123.js'), 'console.log(1)')
  mediaUrl = (await makeMedia(app, await makeVisitor(app), 'tabby-cat.png')).json.media.url
})

/** The headers every answer carries, whatever it is. */
function expectCommonHeaders(headers: Headers) {
  expect(headers.get('x-content-type-options')).toBe('nosniff')
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  expect(headers.get('permissions-policy')).toContain('geolocation=(self)')
  expect(headers.get('x-frame-options')).toBe('DENY')
  expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
}

describe('security headers', () => {
  it('the app shell on / and /adm and its assets carry the PWA policy', async () => {
    for (const path of ['/', '/adm', '/adm/users', '/upload', '/assets/main-abc123.js']) {
      const r = await call(app, 'GET', path)
      expect(r.status).toBe(200)
      expectCommonHeaders(r.headers)
      const csp = r.headers.get('content-security-policy')!
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("script-src 'self';")
      expect(csp).toContain("object-src 'none'")
      expect(csp).not.toContain('unsafe-inline')
      expect(csp).not.toContain('googletagmanager')
      expect(r.headers.get('strict-transport-security')).toBeNull()
    }
  })

  it('API answers, error answers and unknown paths carry the deny-all policy', async () => {
    const visitor = await makeVisitor(app)
    const answers = [
      await call(app, 'GET', '/api/site-settings'),
      await call(app, 'GET', '/api/no-such-route'),
      await call(app, 'POST', '/api/votes', { userId: 'x' }, { cookie: visitor.cookie }),
      await call(app, 'GET', '/api/admin/vote-multiplier-config'),
      await call(app, 'GET', '/api/media/file/media/2020/01/nope.jpg'),
    ]
    expect(answers.map((r) => r.status)).toEqual([200, 404, 400, 401, 404])
    for (const r of answers) {
      expectCommonHeaders(r.headers)
      expect(r.headers.get('content-security-policy')).toContain("default-src 'none'")
    }
  })

  it('media files carry nosniff and the deny-all policy, and are cached one hour with an ETag', async () => {
    const r = await app.handle(new Request(`http://localhost${mediaUrl}`))
    expect(r.status).toBe(200)
    expectCommonHeaders(r.headers)
    expect(r.headers.get('content-security-policy')).toContain('sandbox')
    expect(r.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(r.headers.get('etag')).toBeTruthy()
  })

  it('session, account and admin answers are never stored', async () => {
    const visitor = await makeVisitor(app)
    for (const r of [
      await call(app, 'GET', '/api/session', undefined, { cookie: visitor.cookie }),
      await call(app, 'PATCH', `/api/users/${visitor.user.id}`, { username: 'headers-check' }, { cookie: visitor.cookie }),
      await call(app, 'GET', '/api/admin/vote-multiplier-config', undefined, { headers: ADMIN_BASIC }),
      await call(app, 'GET', '/api/admin/vote-multiplier-config'),
    ]) {
      expect(r.status).toBeLessThan(500)
      expect(r.headers.get('cache-control')).toBe('no-store')
    }
    expect((await call(app, 'GET', '/api/site-settings')).headers.get('cache-control')).not.toBe('no-store')
  })

  it('HSTS is sent when PUBLIC_URL is https, and the analytics hosts are allowed only with ANALYTICS_ID', async () => {
    const https = makeTestApp({ PUBLIC_URL: 'https://hotvote.example', ANALYTICS_ID: 'G-TEST123' })
    try {
      const r = await call(https.app, 'GET', '/')
      expect(r.headers.get('strict-transport-security')).toBe('max-age=31536000')
      expect(r.headers.get('content-security-policy')).toContain("script-src 'self' https://www.googletagmanager.com;")
      expect(r.headers.get('content-security-policy')).toContain("connect-src 'self' https://*.google-analytics.com")
      expect((await call(https.app, 'GET', '/api/site-settings')).headers.get('strict-transport-security')).toBe('max-age=31536000')
    } finally {
      https.cleanup()
    }
  })

  it('the ad frame is its own sandboxed page that only this origin may frame', async () => {
    await t.sql.run(
      "insert into ad_zone_configs values ('zone1', 'Ad Zone 1', '<p>Fresh coffee</p><script>1</script>', true, '2026-11-22T12:00:00.000Z')",
    )
    const r = await call(app, 'GET', '/api/ad-frame/zone1')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(r.text).toBe('<!doctype html>\n<p>Fresh coffee</p><script>1</script>')
    expect(r.headers.get('content-security-policy')).toBe("sandbox allow-scripts allow-popups; frame-ancestors 'self'")
    expect(r.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(r.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await call(app, 'GET', '/api/ad-frame/zone2')).toMatchObject({ status: 404, json: { error: 'Ad zone not found' } })
  })

  it('the OpenAPI document is JSON only: no page that loads a script from a CDN', async () => {
    const doc = await call(app, 'GET', '/api/openapi/json')
    expect(doc.status).toBe(200)
    expect(doc.json.info.title).toBe('HotVote API')
    const page = await call(app, 'GET', '/api/openapi')
    expect(page.status).toBe(302)
    expect(page.headers.get('location')).toBe('/api/openapi/json')
    expect(page.text).not.toContain('cdn.jsdelivr.net')
  })
})
