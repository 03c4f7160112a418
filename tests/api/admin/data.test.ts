import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { call, makeTestApp, makeVisitor, ADMIN_BASIC } from '../../support/test-app'
import { makeMedia } from '../../support/builders'
import { paths } from '@contract/paths'

const t = makeTestApp()
afterAll(t.cleanup)
let owner: Awaited<ReturnType<typeof makeVisitor>>
let voter: Awaited<ReturnType<typeof makeVisitor>>
let catId = 0
beforeAll(async () => {
  owner = await makeVisitor(t.app)
  voter = await makeVisitor(t.app)
  catId = (await makeMedia(t.app, owner, 'tabby-cat.png')).json.media.id
  await makeMedia(t.app, owner, 'yellow-daisy.webp')
  await call(t.app, 'POST', `/api/media/${catId}/view`, { userId: voter.user.id }, { cookie: voter.cookie })
  await call(t.app, 'POST', paths.votes(), { userId: voter.user.id, mediaId: catId, isHot: false }, { cookie: voter.cookie })
  await call(t.app, 'POST', paths.adminConfig('vote-multiplier'), { isEnabled: true, multiplier: 10 }, { headers: ADMIN_BASIC })
})

describe('GET /api/admin/media', () => {
  it('lists every item with actual counts (no multiplier) and the uploader, and pages with X-Total-Count', async () => {
    const all = await call(t.app, 'GET', paths.adminMedia(), undefined, { headers: ADMIN_BASIC })
    expect(all.headers.get('x-total-count')).toBe('2')
    const cat = all.json.find((m: { id: number }) => m.id === catId)
    expect(cat).toMatchObject({
      originalName: 'tabby-cat.png',
      username: owner.user.username,
      hotVotes: 0,
      notVotes: 1,
      totalVotes: 1,
      totalViews: 1,
      size: 218952,
      mimeType: 'image/png',
    })
    const page = await call(t.app, 'GET', '/api/admin/media?limit=1&offset=1', undefined, { headers: ADMIN_BASIC })
    expect(page.json).toHaveLength(1)
    expect(page.json[0].id).toBe(catId)
    expect((await call(t.app, 'GET', paths.adminMedia())).status).toBe(401)
  })

  it('pages with an offset and no limit (found by the fuzz suite: it was a 500)', async () => {
    const r = await call(t.app, 'GET', '/api/admin/media?offset=1', undefined, { headers: ADMIN_BASIC })
    expect(r.status).toBe(200)
    expect(r.json.map((m: { id: number }) => m.id)).toEqual([catId])
  })
})

describe('GET /api/admin/users', () => {
  it('lists users with what they uploaded, cast and viewed, logins, and pages with X-Total-Count', async () => {
    const r = await call(t.app, 'GET', paths.adminUsers(), undefined, { headers: ADMIN_BASIC })
    expect(r.headers.get('x-total-count')).toBe('2')
    const byId = Object.fromEntries(r.json.map((u: { id: number }) => [u.id, u]))
    expect(byId[owner.user.id]).toMatchObject({
      totalUploads: 2,
      totalVotes: 0,
      totalViews: 0,
      loginCount: 1,
      isSynthetic: false,
      email: null,
    })
    expect(byId[voter.user.id]).toMatchObject({ totalUploads: 0, totalVotes: 1, totalViews: 1 })
    expect(await call(t.app, 'GET', '/api/admin/users?limit=x', undefined, { headers: ADMIN_BASIC })).toMatchObject({
      status: 400,
      json: { error: 'limit must be a number' },
    })
  })

  it('pages with an offset and no limit (found by the fuzz suite: it was a 500)', async () => {
    const all = await call(t.app, 'GET', paths.adminUsers(), undefined, { headers: ADMIN_BASIC })
    const rest = await call(t.app, 'GET', '/api/admin/users?offset=1', undefined, { headers: ADMIN_BASIC })
    expect(rest.status).toBe(200)
    expect(rest.json).toEqual(all.json.slice(1))
  })
})

describe('/api/db-test', () => {
  it('runs the four checks with durations, behind admin authentication', async () => {
    expect((await call(t.app, 'GET', paths.dbTest('connection'), undefined, { headers: ADMIN_BASIC })).json).toMatchObject({
      connected: true,
      durationMs: expect.any(Number),
    })
    expect((await call(t.app, 'GET', paths.dbTest('schema'), undefined, { headers: ADMIN_BASIC })).json.tables).toContain('votes')
    expect((await call(t.app, 'GET', paths.dbTest('counts'), undefined, { headers: ADMIN_BASIC })).json).toMatchObject({
      totalUsers: 2,
      totalMedia: 2,
      totalVotes: 1,
      totalViews: 1,
    })
    expect((await call(t.app, 'GET', paths.dbTest('queries'), undefined, { headers: ADMIN_BASIC })).json.newestMedia).toHaveLength(2)
    expect((await call(t.app, 'GET', paths.dbTest('counts'))).status).toBe(401)
  })
})

describe('DELETE /api/admin/media/:id', () => {
  it('deletes any media item with its votes, views and object, audited, and 404 for an unknown one', async () => {
    const r = await call(t.app, 'DELETE', `/api/admin/media/${catId}`, undefined, { headers: ADMIN_BASIC })
    expect(r.status).toBe(204)
    expect(await t.sql.get('select count(*) as n from votes where media_id = ?', catId)).toEqual({ n: 0 })
    const events = (
      (await t.sql.all("select event from audit_logs where event like 'ADMIN_DELETE%' order by id")) as { event: string }[]
    ).map((e) => e.event)
    expect(events).toEqual(['ADMIN_DELETE_REQUEST', 'ADMIN_DELETE_COMPLETED'])
    expect((await call(t.app, 'DELETE', `/api/admin/media/${catId}`, undefined, { headers: ADMIN_BASIC })).status).toBe(404)
  })
})
