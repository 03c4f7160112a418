import { afterAll, describe, expect, it } from 'bun:test'
import { call, makeTestApp, makeVisitor } from '../../support/test-app'
import { makeMedia } from '../../support/builders'
import { paths } from '@contract/paths'

const t = makeTestApp()
afterAll(t.cleanup)

describe('GET /api/users/:id/stats', () => {
  it('answers zeros and an empty list for a visitor without uploads', async () => {
    const v = await makeVisitor(t.app)
    const r = await call(t.app, 'GET', `/api/users/${v.user.id}/stats`, undefined, { cookie: v.cookie })
    expect(r).toMatchObject({ status: 200, json: { totalUploads: 0, totalVotes: 0, totalViews: 0, mediaStats: [] } })
  })

  it('counts the votes and views the uploads received, newest upload first', async () => {
    const owner = await makeVisitor(t.app)
    const cat = (await makeMedia(t.app, owner, 'tabby-cat.png')).json.media
    t.clock.advance(60_000)
    const clip = (await makeMedia(t.app, owner, 'kite-sky-portrait.mp4')).json.media
    for (const isHot of [true, true, false]) {
      const v = await makeVisitor(t.app)
      await call(t.app, 'POST', `/api/media/${cat.id}/view`, { userId: v.user.id }, { cookie: v.cookie })
      await call(t.app, 'POST', paths.votes(), { userId: v.user.id, mediaId: cat.id, isHot }, { cookie: v.cookie })
    }
    const r = await call(t.app, 'GET', `/api/users/${owner.user.id}/stats`, undefined, { cookie: owner.cookie })
    expect(r.json).toMatchObject({ totalUploads: 2, totalVotes: 3, totalViews: 3 })
    // Each item also carries how to show it: placeholder, variants, poster.
    expect(r.json.mediaStats).toMatchObject([
      {
        id: clip.id,
        url: clip.url,
        mimeType: 'video/mp4',
        originalName: 'kite-sky-portrait.mp4',
        size: 396362,
        uploadedAt: '2026-11-22T12:01:00.000Z',
        totalViews: 0,
        totalVotes: 0,
        hotPercentage: 0,
        notPercentage: 0,
        placeholder: clip.placeholder,
        variants: [],
        posterUrl: clip.posterUrl,
      },
      {
        id: cat.id,
        url: cat.url,
        mimeType: 'image/png',
        originalName: 'tabby-cat.png',
        size: 218952,
        uploadedAt: '2026-11-22T12:00:00.000Z',
        totalViews: 3,
        totalVotes: 3,
        hotPercentage: 67,
        notPercentage: 33,
        placeholder: cat.placeholder,
        variants: cat.variants,
        posterUrl: null,
      },
    ])
  })

  it("answers 403 for someone else's stats, 401 without a session, 400 for a bad id", async () => {
    const a = await makeVisitor(t.app)
    const b = await makeVisitor(t.app)
    expect((await call(t.app, 'GET', `/api/users/${b.user.id}/stats`, undefined, { cookie: a.cookie })).status).toBe(403)
    expect((await call(t.app, 'GET', `/api/users/${a.user.id}/stats`)).status).toBe(401)
    expect((await call(t.app, 'GET', '/api/users/1e3/stats', undefined, { cookie: a.cookie })).status).toBe(400)
  })
})

describe('DELETE /api/media/:id', () => {
  it('removes the object, the row, its votes and views, with two audit events', async () => {
    const owner = await makeVisitor(t.app)
    const item = (await makeMedia(t.app, owner, 'forest-stream-cascade.jpg')).json.media
    const voter = await makeVisitor(t.app)
    await call(t.app, 'POST', `/api/media/${item.id}/view`, { userId: voter.user.id }, { cookie: voter.cookie })
    await call(t.app, 'POST', paths.votes(), { userId: voter.user.id, mediaId: item.id, isHot: true }, { cookie: voter.cookie })
    const r = await call(t.app, 'DELETE', `/api/media/${item.id}?userId=${owner.user.id}`, undefined, { cookie: owner.cookie })
    expect(r.status).toBe(204)
    expect(await t.deps.storage.head(item.url.replace('/api/media/file/', ''))).toBeUndefined()
    for (const table of ['media', 'votes', 'views'])
      expect(await t.sql.get(`select count(*) as n from ${table} where ${table === 'media' ? 'id' : 'media_id'} = ?`, item.id)).toEqual({
        n: 0,
      })
    const events = (await t.sql.all("select event, context from audit_logs where event like 'MEDIA_DELETE%' order by id")) as {
      event: string
      context: string
    }[]
    expect(events.map((e) => e.event)).toEqual(['MEDIA_DELETE_REQUEST', 'MEDIA_DELETE_COMPLETED'])
    expect(JSON.parse(events[1].context)).toMatchObject({
      mediaId: item.id,
      userId: owner.user.id,
      originalName: 'forest-stream-cascade.jpg',
      objectDeleted: true,
    })
  })

  it("refuses someone else's media with 403 and keeps it", async () => {
    const owner = await makeVisitor(t.app)
    const item = (await makeMedia(t.app, owner, 'ladybird-forget-me-nots-portrait.webp')).json.media
    const other = await makeVisitor(t.app)
    const r = await call(t.app, 'DELETE', `/api/media/${item.id}?userId=${other.user.id}`, undefined, { cookie: other.cookie })
    expect(r).toMatchObject({ status: 403, json: { error: 'That media is not yours' } })
    expect(await t.sql.get('select count(*) as n from media where id = ?', item.id)).toEqual({ n: 1 })
    expect((await call(t.app, 'DELETE', `/api/media/${item.id}?userId=${owner.user.id}`, undefined, { cookie: other.cookie })).status).toBe(
      403,
    )
  })

  it('answers 404 for unknown media and 400 without a userId', async () => {
    const v = await makeVisitor(t.app)
    expect((await call(t.app, 'DELETE', `/api/media/999999?userId=${v.user.id}`, undefined, { cookie: v.cookie })).status).toBe(404)
    expect((await call(t.app, 'DELETE', '/api/media/1', undefined, { cookie: v.cookie })).status).toBe(400)
  })
})
