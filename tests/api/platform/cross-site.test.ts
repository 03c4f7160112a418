/** Cross-site refusal of state-changing calls (server/http/cross-site-guard.ts). */
import { afterAll, describe, expect, it } from 'bun:test'
import { call, makeTestApp, makeVisitor } from '../../support/test-app'
import { makeMedia } from '../../support/builders'

const ADMIN = `Basic ${btoa('admin:test-admin-password')}`
const t = makeTestApp({ PUBLIC_URL: 'https://hotvote.example' })
afterAll(t.cleanup)

const REFUSED = { status: 403, json: { error: 'Cross-site request refused' } }

describe('state-changing calls from another site', () => {
  it('refuses a cross-site POST, PATCH and DELETE with a session cookie and changes nothing', async () => {
    const v = await makeVisitor(t.app)
    const other = await makeVisitor(t.app)
    const mediaId = (await makeMedia(t.app, other, 'tabby-cat.png')).json.media.id
    const mine = (await makeMedia(t.app, v, 'yellow-daisy.webp')).json.media.id
    const crossSite = { cookie: v.cookie, headers: { 'sec-fetch-site': 'cross-site' } }
    expect(await call(t.app, 'POST', '/api/votes', { userId: v.user.id, mediaId, isHot: true }, crossSite)).toMatchObject(REFUSED)
    expect(await call(t.app, 'PATCH', `/api/users/${v.user.id}`, { username: 'hijacked' }, crossSite)).toMatchObject(REFUSED)
    expect(await call(t.app, 'DELETE', `/api/media/${mine}?userId=${v.user.id}`, undefined, crossSite)).toMatchObject(REFUSED)
    expect(await t.sql.get('select count(*) as n from votes')).toEqual({ n: 0 })
    expect((await call(t.app, 'GET', '/api/session', undefined, { cookie: v.cookie })).json.username).not.toBe('hijacked')
  })

  it('without Sec-Fetch-Site, judges by Origin: this server or PUBLIC_URL pass, another or null is refused', async () => {
    const v = await makeVisitor(t.app)
    const other = await makeVisitor(t.app)
    const [a, b] = [
      (await makeMedia(t.app, other, 'colorful-cups.png')).json.media.id,
      (await makeMedia(t.app, other, 'paint-brushes.gif')).json.media.id,
    ]
    const vote = (mediaId: number, origin: string) =>
      call(
        t.app,
        'POST',
        '/api/votes',
        { userId: v.user.id, mediaId, isHot: true },
        { cookie: v.cookie, headers: { 'sec-fetch-site': '', origin } },
      )
    expect(await vote(a, 'https://evil.example')).toMatchObject(REFUSED)
    expect(await vote(a, 'null')).toMatchObject(REFUSED)
    expect(await vote(a, 'https://hotvote.example.evil.example')).toMatchObject(REFUSED)
    expect((await vote(a, 'https://hotvote.example')).status).toBe(201)
    expect((await vote(b, 'http://localhost')).status).toBe(201)
  })

  it('allows same-origin browser calls and ones the user typed (none)', async () => {
    const v = await makeVisitor(t.app)
    const other = await makeVisitor(t.app)
    const [a, b] = [
      (await makeMedia(t.app, other, 'storm-over-highway.jpg')).json.media.id,
      (await makeMedia(t.app, other, 'fig-in-red-bowl-square.jpg')).json.media.id,
    ]
    const vote = (mediaId: number, site: string) =>
      call(
        t.app,
        'POST',
        '/api/votes',
        { userId: v.user.id, mediaId, isHot: false },
        { cookie: v.cookie, headers: { 'sec-fetch-site': site } },
      )
    expect((await vote(a, 'same-origin')).status).toBe(201)
    expect((await vote(b, 'none')).status).toBe(201)
  })

  it('refuses a same-site call, since a sibling subdomain is another site, and changes nothing', async () => {
    const v = await makeVisitor(t.app)
    const other = await makeVisitor(t.app)
    const mediaId = (await makeMedia(t.app, other, 'red-marigold.webp')).json.media.id
    const sibling = { cookie: v.cookie, headers: { 'sec-fetch-site': 'same-site' } }
    expect(await call(t.app, 'POST', '/api/votes', { userId: v.user.id, mediaId, isHot: true }, sibling)).toMatchObject(REFUSED)
    expect(await call(t.app, 'PATCH', `/api/users/${v.user.id}`, { username: 'sibling-site' }, sibling)).toMatchObject(REFUSED)
    expect(await t.sql.get('select count(*) as n from votes where user_id = ?', v.user.id)).toEqual({ n: 0 })
    expect((await call(t.app, 'GET', '/api/session', undefined, { cookie: v.cookie })).json.username).not.toBe('sibling-site')
  })

  it('without any browser metadata, refuses a call with a cookie but allows one without, and the admin with Basic auth', async () => {
    const v = await makeVisitor(t.app)
    const bare = { 'sec-fetch-site': '' }
    expect(
      await call(t.app, 'PATCH', `/api/users/${v.user.id}`, { username: 'curl-user' }, { cookie: v.cookie, headers: bare }),
    ).toMatchObject(REFUSED)
    expect((await call(t.app, 'POST', '/api/session', { sessionId: 'c'.repeat(32) }, { headers: bare })).status).toBe(200)
    const admin = await call(
      t.app,
      'POST',
      '/api/admin/vote-multiplier-config',
      { isEnabled: true, multiplier: 2 },
      { cookie: 'sid=whatever', headers: { ...bare, authorization: ADMIN } },
    )
    expect(admin.status).toBe(200)
  })

  it('leaves reads alone, even cross-site', async () => {
    const v = await makeVisitor(t.app)
    expect(
      (await call(t.app, 'GET', '/api/session', undefined, { cookie: v.cookie, headers: { 'sec-fetch-site': 'cross-site' } })).status,
    ).toBe(200)
  })
})
