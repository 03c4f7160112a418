import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { call, makeTestApp, makeVisitor } from '../../support/test-app'
import { makeMedia } from '../../support/builders'
import { paths } from '@contract/paths'

const t = makeTestApp()
afterAll(t.cleanup)
let owner: Awaited<ReturnType<typeof makeVisitor>>
let mediaId = 0
beforeAll(async () => {
  owner = await makeVisitor(t.app)
  mediaId = (await makeMedia(t.app, owner, 'spaniels-at-window-portrait.jpg')).json.media.id
})
const voteRows = async (userId: number) =>
  ((await t.sql.get('select count(*) as n from votes where user_id = ?', userId)) as { n: number }).n

describe('POST /api/votes', () => {
  it("records a vote and answers 201 with the item's actual figures", async () => {
    const v = await makeVisitor(t.app)
    const r = await call(t.app, 'POST', paths.votes(), { userId: v.user.id, mediaId, isHot: true }, { cookie: v.cookie })
    expect(r.status).toBe(201)
    expect(r.json).toMatchObject({
      vote: { userId: v.user.id, mediaId, isHot: true, createdAt: '2026-11-22T12:00:00.000Z' },
      stats: { totalVotes: 1, hotPercentage: 100, notPercentage: 0 },
    })
    const w = await makeVisitor(t.app)
    const second = await call(t.app, 'POST', paths.votes(), { userId: w.user.id, mediaId, isHot: false }, { cookie: w.cookie })
    expect(second.json.stats).toEqual({ totalVotes: 2, hotPercentage: 50, notPercentage: 50 })
  })

  it('answers a replayed vote with 200 and the first vote, never a second row', async () => {
    const v = await makeVisitor(t.app)
    const first = await call(t.app, 'POST', paths.votes(), { userId: v.user.id, mediaId, isHot: false }, { cookie: v.cookie })
    const replay = await call(t.app, 'POST', paths.votes(), { userId: v.user.id, mediaId, isHot: true }, { cookie: v.cookie })
    expect(replay.status).toBe(200)
    expect(replay.json.vote).toEqual(first.json.vote)
    expect(await voteRows(v.user.id)).toBe(1)
  })

  it('counts concurrent replays once', async () => {
    const v = await makeVisitor(t.app)
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() => call(t.app, 'POST', paths.votes(), { userId: v.user.id, mediaId, isHot: true }, { cookie: v.cookie })),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201])
    expect(await voteRows(v.user.id)).toBe(1)
  })

  it("answers 404 for unknown media and 403 for a vote on one's own media", async () => {
    const v = await makeVisitor(t.app)
    expect(
      await call(t.app, 'POST', paths.votes(), { userId: v.user.id, mediaId: 987654, isHot: true }, { cookie: v.cookie }),
    ).toMatchObject({ status: 404, json: { error: 'Media not found' } })
    expect(
      await call(t.app, 'POST', paths.votes(), { userId: owner.user.id, mediaId, isHot: true }, { cookie: owner.cookie }),
    ).toMatchObject({ status: 403, json: { error: 'You cannot vote on your own media' } })
  })

  it("answers 403 for someone else's userId and 401 without a session", async () => {
    const a = await makeVisitor(t.app)
    const b = await makeVisitor(t.app)
    expect(await call(t.app, 'POST', paths.votes(), { userId: b.user.id, mediaId, isHot: true }, { cookie: a.cookie })).toMatchObject({
      status: 403,
      json: { error: 'That user id is not yours' },
    })
    expect((await call(t.app, 'POST', paths.votes(), { userId: a.user.id, mediaId, isHot: true })).status).toBe(401)
    expect(await voteRows(b.user.id)).toBe(0)
  })

  it('answers 400 for wrong types, missing fields and broken JSON', async () => {
    const v = await makeVisitor(t.app)
    const wrong = await call(t.app, 'POST', paths.votes(), { userId: v.user.id, mediaId, isHot: 'yes' }, { cookie: v.cookie })
    expect(wrong).toMatchObject({
      status: 400,
      json: { error: 'isHot must be true or false', issues: [{ path: 'isHot', message: 'isHot must be true or false' }] },
    })
    const stringId = await call(t.app, 'POST', paths.votes(), { userId: String(v.user.id), mediaId, isHot: true }, { cookie: v.cookie })
    expect(stringId.status).toBe(400)
    expect(stringId.json.issues[0].path).toBe('userId')
    expect((await call(t.app, 'POST', paths.votes(), { userId: v.user.id }, { cookie: v.cookie })).status).toBe(400)
    const broken = await call(t.app, 'POST', paths.votes(), undefined, {
      cookie: v.cookie,
      raw: '{"userId": 1,',
      headers: { 'content-type': 'application/json' },
    })
    expect(broken).toMatchObject({ status: 400, json: { error: 'Malformed JSON body' } })
  })

  it('answers 404 for a hidden item', async () => {
    const other = await makeVisitor(t.app)
    const hiddenId = (await makeMedia(t.app, other, 'storm-over-highway.jpg')).json.media.id
    await t.sql.run('update media set hidden_at = ? where id = ?', ...['2026-11-22T12:00:00.000Z', hiddenId])
    const v = await makeVisitor(t.app)
    expect(
      (await call(t.app, 'POST', paths.votes(), { userId: v.user.id, mediaId: hiddenId, isHot: true }, { cookie: v.cookie })).status,
    ).toBe(404)
  })
})
