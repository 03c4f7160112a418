/** POST /api/votes with group commit: concurrent votes share a transaction yet each gets today's answer. */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { call, makeTestApp, makeVisitor } from '../../support/test-app'
import { makeMedia } from '../../support/builders'

const t = makeTestApp()
afterAll(t.cleanup)
let owner: Awaited<ReturnType<typeof makeVisitor>>
let first = 0
let second = 0
beforeAll(async () => {
  owner = await makeVisitor(t.app)
  first = (await makeMedia(t.app, owner, 'autumn-mountain-meadow.jpg')).json.media.id
  second = (await makeMedia(t.app, owner, 'colorful-cups.png')).json.media.id
})

describe('POST /api/votes, concurrent votes in one batch', () => {
  it('answers new votes 201, repeats 200 with the first vote, own media 403 and unknown media 404, all at once', async () => {
    const a = await makeVisitor(t.app)
    const b = await makeVisitor(t.app)
    const vote = (v: typeof a, mediaId: number, isHot: boolean) =>
      call(t.app, 'POST', '/api/votes', { userId: v.user.id, mediaId, isHot }, { cookie: v.cookie })
    const [aFirst, aRepeat, ownVote, unknown, bFirst, bSecond, bRepeat, aSecond] = await Promise.all([
      vote(a, first, true),
      vote(a, first, false),
      vote(owner, first, true),
      vote(a, 987654, true),
      vote(b, first, false),
      vote(b, second, true),
      vote(b, second, false),
      vote(a, second, true),
    ])
    // Of two concurrent votes on one pair, exactly one is new; the other answers 200 with that same vote.
    for (const [x, y] of [
      [aFirst, aRepeat],
      [bSecond, bRepeat],
    ]) {
      expect([x.status, y.status].sort()).toEqual([200, 201])
      expect(x.json.vote).toEqual(y.json.vote)
    }
    expect(ownVote).toMatchObject({ status: 403, json: { error: 'You cannot vote on your own media' } })
    expect(unknown).toMatchObject({ status: 404, json: { error: 'Media not found' } })
    expect(bFirst).toMatchObject({ status: 201, json: { vote: { userId: b.user.id, mediaId: first, isHot: false } } })
    expect(aSecond).toMatchObject({ status: 201, json: { vote: { userId: a.user.id, mediaId: second, isHot: true } } })
    const rows = await t.sql.all(
      'select user_id as "userId", media_id as "mediaId" from votes where user_id in (?, ?) order by user_id, media_id',
      a.user.id,
      b.user.id,
    )
    expect(rows).toEqual([
      { userId: a.user.id, mediaId: first },
      { userId: a.user.id, mediaId: second },
      { userId: b.user.id, mediaId: first },
      { userId: b.user.id, mediaId: second },
    ])
    // Every answer's figures count the votes committed with it or before it: the last vote on an item sees them all.
    const totals = [aFirst, aRepeat, bFirst].map((r) => r.json.stats.totalVotes)
    expect(Math.max(...totals)).toBe(2)
  })

  it('answers a vote on a hidden item 404 while the others in its batch are recorded', async () => {
    const c = await makeVisitor(t.app)
    await t.sql.run('update media set hidden_at = ? where id = ?', ...['2026-11-22T12:00:00.000Z', second])
    try {
      const [hidden, visible] = await Promise.all([
        call(t.app, 'POST', '/api/votes', { userId: c.user.id, mediaId: second, isHot: true }, { cookie: c.cookie }),
        call(t.app, 'POST', '/api/votes', { userId: c.user.id, mediaId: first, isHot: true }, { cookie: c.cookie }),
      ])
      expect(hidden).toMatchObject({ status: 404, json: { error: 'Media not found' } })
      expect(visible.status).toBe(201)
    } finally {
      await t.sql.run('update media set hidden_at = null where id = ?', ...[second])
    }
  })
})
