import { afterAll, describe, expect, it } from 'bun:test'
import { call, makeTestApp, makeVisitor } from '../../support/test-app'
import { makeMedia } from '../../support/builders'
import { MAX_EXCLUDE_CHARS, MAX_EXCLUDE_IDS } from '@server/contract/media'
import { paths } from '@contract/paths'
import { NO_SESSION } from '@server/http/errors'

const FILES = ['autumn-mountain-meadow.jpg', 'colorful-cups.png', 'paint-brushes.gif', 'yellow-daisy.webp', 'kite-sky-portrait.mp4']

describe('GET /api/media/random/:userId', () => {
  const t = makeTestApp()
  afterAll(t.cleanup)

  it('answers null while the site has no media at all', async () => {
    const v = await makeVisitor(t.app)
    const r = await call(t.app, 'GET', `/api/media/random/${v.user.id}`, undefined, { cookie: v.cookie })
    expect(r.status).toBe(200)
    expect(r.text).toBe('null')
  })

  it('never offers own, voted or hidden items and answers 404 once everything is rated', async () => {
    const owner = await makeVisitor(t.app)
    const ids: number[] = []
    for (const f of FILES) ids.push((await makeMedia(t.app, owner, f)).json.media.id)
    await t.sql.run('update media set hidden_at = ? where id = ?', ...['2026-11-22T12:00:00.000Z', ids[4]])
    expect(await call(t.app, 'GET', `/api/media/random/${owner.user.id}`, undefined, { cookie: owner.cookie })).toMatchObject({
      status: 404,
    })

    const rater = await makeVisitor(t.app)
    const offered: number[] = []
    for (let i = 0; i < 4; i++) {
      const r = await call(t.app, 'GET', `/api/media/random/${rater.user.id}`, undefined, { cookie: rater.cookie })
      expect(r.status).toBe(200)
      expect(r.json).toMatchObject({ totalVotes: 0, hotPercentage: 0, notPercentage: 0, userHasVoted: false })
      expect(r.json.url).toStartWith('/api/media/file/media/')
      offered.push(r.json.id)
      await call(t.app, 'POST', paths.votes(), { userId: rater.user.id, mediaId: r.json.id, isHot: true }, { cookie: rater.cookie })
    }
    expect(offered.sort()).toEqual(ids.slice(0, 4).sort())
    const done = await call(t.app, 'GET', `/api/media/random/${rater.user.id}`, undefined, { cookie: rater.cookie })
    expect(done).toMatchObject({ status: 404, json: { error: 'You have rated all the media we have right now' } })
  })

  it('leaves out the excluded item', async () => {
    const rater = await makeVisitor(t.app)
    const first = (await call(t.app, 'GET', `/api/media/random/${rater.user.id}`, undefined, { cookie: rater.cookie })).json
    for (let i = 0; i < 10; i++) {
      const r = await call(t.app, 'GET', `/api/media/random/${rater.user.id}?exclude=${first.id}`, undefined, { cookie: rater.cookie })
      expect(r.json.id).not.toBe(first.id)
    }
  })

  it('picks every rateable item about equally often', async () => {
    const rater = await makeVisitor(t.app)
    const counts = new Map<number, number>()
    for (let i = 0; i < 400; i++) {
      const id = (await call(t.app, 'GET', `/api/media/random/${rater.user.id}`, undefined, { cookie: rater.cookie })).json.id
      counts.set(id, (counts.get(id) ?? 0) + 1)
    }
    expect(counts.size).toBe(4)
    // 100 expected each; a fair pick stays far inside 50-150 (p < 1e-6 outside).
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(50)
      expect(n).toBeLessThan(150)
    }
  })

  it("answers 403 for someone else's userId, 401 without a cookie or for an unknown session and 400 for a non-numeric id", async () => {
    const a = await makeVisitor(t.app)
    const b = await makeVisitor(t.app)
    expect((await call(t.app, 'GET', `/api/media/random/${b.user.id}`, undefined, { cookie: a.cookie })).status).toBe(403)
    expect((await call(t.app, 'GET', `/api/media/random/${a.user.id}`)).status).toBe(401)
    // A well-formed session id that names no session: the lookup that goes with the first probe finds no row.
    const unknown = a.cookie.replace(/=.*/, `=${'z'.repeat(a.user.sessionId.length)}`)
    expect(await call(t.app, 'GET', `/api/media/random/${a.user.id}`, undefined, { cookie: unknown })).toMatchObject({
      status: 401,
      json: { error: NO_SESSION },
    })
    const bad = await call(t.app, 'GET', '/api/media/random/abc', undefined, { cookie: a.cookie })
    expect(bad).toMatchObject({ status: 400, json: { error: 'userId must be an integer from 1 to 2147483647' } })
  })
})

describe('GET /api/media/queue/:userId', () => {
  const t = makeTestApp()
  afterAll(t.cleanup)

  it('answers up to limit distinct rateable items, leaving out the excluded ones', async () => {
    const owner = await makeVisitor(t.app)
    const ids: number[] = []
    const sizes = new Map<number, number>()
    for (const f of FILES) {
      const media = (await makeMedia(t.app, owner, f)).json.media
      ids.push(media.id)
      sizes.set(media.id, media.size)
    }
    const rater = await makeVisitor(t.app)
    const all = await call(t.app, 'GET', `/api/media/queue/${rater.user.id}`, undefined, { cookie: rater.cookie })
    expect(all.json.map((m: { id: number }) => m.id).sort()).toEqual([...ids].sort())
    // Each item carries its size in bytes, which the client's prefetch byte budget counts.
    for (const m of all.json) expect(m.size).toBe(sizes.get(m.id)!)
    const some = await call(t.app, 'GET', `/api/media/queue/${rater.user.id}?limit=2&exclude=${ids[0]},${ids[1]}`, undefined, {
      cookie: rater.cookie,
    })
    expect(some.json).toHaveLength(2)
    for (const m of some.json) expect([ids[0], ids[1]]).not.toContain(m.id)
  })

  it('refuses a limit over 50 and a malformed exclude list with 400', async () => {
    const rater = await makeVisitor(t.app)
    expect(await call(t.app, 'GET', `/api/media/queue/${rater.user.id}?limit=51`, undefined, { cookie: rater.cookie })).toMatchObject({
      status: 400,
      json: { error: 'limit must be at most 50' },
    })
    expect(await call(t.app, 'GET', `/api/media/queue/${rater.user.id}?exclude=1,x`, undefined, { cookie: rater.cookie })).toMatchObject({
      status: 400,
      json: { error: 'exclude must be a comma-separated list of integers from 1 to 2147483647' },
    })
  })

  it('uses only the last 200 ids of a long exclude list and refuses one over 8192 characters', async () => {
    const rater = await makeVisitor(t.app)
    const ids = (await call(t.app, 'GET', `/api/media/queue/${rater.user.id}?limit=50`, undefined, { cookie: rater.cookie })).json.map(
      (m: { id: number }) => m.id,
    ) as number[]
    expect(ids).toHaveLength(FILES.length)
    // The real ids first, then 200 others: only the last 200 count, so every real item can come back.
    const long = [...ids, ...Array.from({ length: MAX_EXCLUDE_IDS }, (_, i) => 100_000 + i)]
    const capped = await call(t.app, 'GET', `/api/media/queue/${rater.user.id}?limit=50&exclude=${long.join(',')}`, undefined, {
      cookie: rater.cookie,
    })
    expect(capped.status).toBe(200)
    expect(capped.json.map((m: { id: number }) => m.id).sort()).toEqual([...ids].sort())
    const tooLong = Array.from({ length: 2000 }, (_, i) => 1_000_000 + i).join(',')
    expect(
      await call(t.app, 'GET', `/api/media/queue/${rater.user.id}?exclude=${tooLong}`, undefined, { cookie: rater.cookie }),
    ).toMatchObject({ status: 400, json: { error: `exclude must be at most ${MAX_EXCLUDE_CHARS} characters` } })
  })
})

describe('POST /api/media/:id/view', () => {
  const t = makeTestApp()
  afterAll(t.cleanup)

  it('records one view per user and item; repeats are no-ops', async () => {
    const owner = await makeVisitor(t.app)
    const id = (await makeMedia(t.app, owner, 'tabby-cat.png')).json.media.id
    const viewer = await makeVisitor(t.app)
    for (let i = 0; i < 3; i++)
      expect((await call(t.app, 'POST', `/api/media/${id}/view`, { userId: viewer.user.id }, { cookie: viewer.cookie })).status).toBe(204)
    expect(await t.sql.get('select count(*) as n from views where media_id = ?', id)).toEqual({ n: 1 })
  })

  it('answers 404 for unknown media, 400 for a non-numeric id and 403 for another user', async () => {
    const a = await makeVisitor(t.app)
    const b = await makeVisitor(t.app)
    expect((await call(t.app, 'POST', '/api/media/999999/view', { userId: a.user.id }, { cookie: a.cookie })).status).toBe(404)
    expect((await call(t.app, 'POST', '/api/media/x1/view', { userId: a.user.id }, { cookie: a.cookie })).status).toBe(400)
    expect((await call(t.app, 'POST', '/api/media/1/view', { userId: b.user.id }, { cookie: a.cookie })).status).toBe(403)
  })
})
