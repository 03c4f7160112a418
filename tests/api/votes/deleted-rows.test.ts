/**
 * POST /api/votes when the voter or the item is deleted while the vote is written (server-contract: Media and votes):
 * the answer is the one a vote sent after the delete gets, 401 without a user and 404 without an item, never 500,
 * and no vote row is left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { call, makeTestApp, makeVisitor, TEST_DIALECT } from '../../support/test-app'
import { makeMedia } from '../../support/builders'
import { whileDeleting } from '../../support/held-delete'
import { castVote } from '@server/features/votes/votes.service'
import { paths } from '@contract/paths'

const t = makeTestApp()
afterAll(t.cleanup)
let owner: Awaited<ReturnType<typeof makeVisitor>>
let mediaId = 0
beforeAll(async () => {
  owner = await makeVisitor(t.app)
  mediaId = (await makeMedia(t.app, owner, 'spaniels-at-window-portrait.jpg')).json.media.id
})
const voteRows = async (userId: number) => (await t.sql.get<{ n: number }>('select count(*) as n from votes where user_id = ?', userId))!.n

describe('a vote whose voter is deleted after its session was checked', () => {
  // The state the route leaves for castVote when the user goes between the session check and the write.
  it('answers 401 and writes nothing', async () => {
    const v = await makeVisitor(t.app)
    await t.sql.run('delete from users where id = ?', v.user.id)
    await expect(castVote(t.deps, { userId: v.user.id, mediaId, isHot: true })).rejects.toMatchObject({
      status: 401,
      message: 'No session: reload the page to start one',
    })
    expect(await voteRows(v.user.id)).toBe(0)
  })
})

// Only PostgreSQL lets a test hold a delete open while the request writes (SQLite runs one write at a time).
describe.if(TEST_DIALECT === 'postgres')('POST /api/votes racing a delete on PostgreSQL', () => {
  it('answers 401 when the voter is deleted while the vote is written', async () => {
    const v = await makeVisitor(t.app)
    const answer = await whileDeleting(t.sql, 'delete from users where id = ?', [v.user.id], () =>
      call(t.app, 'POST', paths.votes(), { userId: v.user.id, mediaId, isHot: true }, { cookie: v.cookie }),
    )
    expect(answer).toMatchObject({ status: 401, json: { error: 'No session: reload the page to start one' } })
    expect(await voteRows(v.user.id)).toBe(0)
  })

  it('answers 404 when the item is deleted while the vote is written', async () => {
    const uploader = await makeVisitor(t.app)
    const doomed = (await makeMedia(t.app, uploader, 'storm-over-highway.jpg')).json.media.id
    const v = await makeVisitor(t.app)
    const answer = await whileDeleting(t.sql, 'delete from media where id = ?', [doomed], () =>
      call(t.app, 'POST', paths.votes(), { userId: v.user.id, mediaId: doomed, isHot: false }, { cookie: v.cookie }),
    )
    expect(answer).toMatchObject({ status: 404, json: { error: 'Media not found' } })
    expect(await voteRows(v.user.id)).toBe(0)
  })
})
