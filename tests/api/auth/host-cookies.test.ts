/**
 * Cookies of an https site (OWASP session management, cookie name prefixes; server/http/cookie-value.ts siteCookie):
 * the session and admin token cookies are `__Host-` cookies (Secure, Path=/, no Domain), so no sibling subdomain or
 * plain-http page can set or shadow them, and every reader takes that name.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { call, cookieSetBy, makeTestApp, makeVisitor, newSessionId, ADMIN_BASIC } from '../../support/test-app'
import { makeMedia, takedownInput } from '../../support/builders'
import { paths } from '@contract/paths'

const t = makeTestApp({ PUBLIC_URL: 'https://hotvote.example' })
afterAll(t.cleanup)

/** The attributes of a Set-Cookie header after its name=value, lower-cased. */
const attributes = (setCookie: string) =>
  setCookie
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase())

describe('the session cookie over https', () => {
  it('is __Host-sid with Secure, Path=/ and no Domain, and resumes the session; a plain sid cookie is no session', async () => {
    const sessionId = newSessionId()
    const r = await call(t.app, 'POST', paths.session(), { sessionId })
    const setCookie = r.headers.get('set-cookie')!
    expect(setCookie.startsWith(`__Host-sid=${sessionId};`)).toBe(true)
    expect(attributes(setCookie)).toEqual(expect.arrayContaining(['secure', 'path=/', 'httponly', 'samesite=lax']))
    expect(attributes(setCookie).some((a) => a.startsWith('domain'))).toBe(false)
    const cookie = cookieSetBy(setCookie)
    expect(await call(t.app, 'GET', paths.session(), undefined, { cookie })).toMatchObject({
      status: 200,
      json: { id: r.json.id, sessionId },
    })
    expect(await call(t.app, 'GET', paths.session(), undefined, { cookie: `sid=${sessionId}` })).toMatchObject({
      status: 401,
      json: { error: 'No session' },
    })
    expect((await call(t.app, 'PATCH', `/api/users/${r.json.id}`, { username: 'host_cookie_user' }, { cookie })).status).toBe(200)
  })

  it('is expired under the same name by logout', async () => {
    const out = await call(t.app, 'DELETE', paths.session())
    expect(out.status).toBe(204)
    const setCookie = out.headers.get('set-cookie')!
    expect(setCookie.startsWith('__Host-sid=;')).toBe(true)
    expect(attributes(setCookie)).toEqual(expect.arrayContaining(['max-age=0', 'secure', 'path=/']))
  })
})

describe('the admin token cookie over https', () => {
  it('is __Host-hv_admin with Secure, Path=/ and no Domain; it admits admin calls and shows hidden media, a plain hv_admin does not', async () => {
    const login = await call(t.app, 'POST', paths.adminLogin(), { username: 'admin', password: 'test-admin-password' })
    const setCookie = login.headers.get('set-cookie')!
    expect(setCookie).toMatch(/^__Host-hv_admin=[A-Za-z0-9_-]{43};/)
    expect(attributes(setCookie)).toEqual(expect.arrayContaining(['secure', 'path=/', 'httponly', 'samesite=strict']))
    expect(attributes(setCookie).some((a) => a.startsWith('domain'))).toBe(false)
    const admin = cookieSetBy(setCookie)
    const plain = admin.replace('__Host-', '')
    expect((await call(t.app, 'GET', paths.adminConfig('vote-multiplier'), undefined, { cookie: admin })).status).toBe(200)
    expect(
      (
        await call(t.app, 'GET', paths.adminConfig('vote-multiplier'), undefined, {
          cookie: plain,
          headers: { 'x-requested-with': 'HotVote' },
        })
      ).status,
    ).toBe(401)

    const item = (await makeMedia(t.app, await makeVisitor(t.app), 'rowing-boats-sunset.jpg')).json.media as { id: number; url: string }
    const takedownId = (await call(t.app, 'POST', paths.dmcaTakedown(), takedownInput(item.id))).json.id
    expect(
      (
        await call(
          t.app,
          'PATCH',
          `/api/admin/dmca-takedowns/${takedownId}`,
          { status: 'resolved', adminNotes: '' },
          { headers: ADMIN_BASIC },
        )
      ).status,
    ).toBe(200)
    const get = (cookie: string) => t.app.handle(new Request(`https://hotvote.example${item.url}`, { headers: { cookie } }))
    expect((await get(admin)).status).toBe(200)
    expect((await get(plain)).status).toBe(404)

    const out = await call(t.app, 'POST', paths.adminLogout(), undefined, { cookie: admin })
    expect(out.status).toBe(204)
    expect(out.headers.get('set-cookie')!.startsWith('__Host-hv_admin=;')).toBe(true)
    expect(attributes(out.headers.get('set-cookie')!)).toEqual(expect.arrayContaining(['max-age=0', 'secure', 'path=/']))
    expect((await get(admin)).status).toBe(404)
  })
})
