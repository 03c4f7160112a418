/**
 * Views and uploads when their user or item is deleted while they are written (server-contract: Media and votes):
 * the answer is the one a call sent after the delete gets, 401 without a user and 404 without an item, never 500;
 * an upload refused so leaves no object in the bucket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { call, makeTestApp, makeVisitor, TEST_DIALECT } from '../../support/test-app'
import { makeMedia } from '../../support/builders'
import { whileDeleting } from '../../support/held-delete'
import { recordView } from '@server/features/media/media-view.service'
import { paths } from '@contract/paths'

const t = makeTestApp()
afterAll(t.cleanup)
let owner: Awaited<ReturnType<typeof makeVisitor>>
let mediaId = 0
beforeAll(async () => {
  owner = await makeVisitor(t.app)
  mediaId = (await makeMedia(t.app, owner, 'spaniels-at-window-portrait.jpg')).json.media.id
})
const viewRows = async (userId: number) => (await t.sql.get<{ n: number }>('select count(*) as n from views where user_id = ?', userId))!.n
/** Object keys in the filesystem bucket. */
const bucketKeys = async () => {
  const keys: string[] = []
  for await (const o of t.deps.storage.list()) keys.push(o.key)
  return keys.sort()
}

describe('a view whose user is deleted after its session was checked', () => {
  // The state the route leaves for recordView when the user goes between the session check and the write.
  it('answers 401 and writes nothing', async () => {
    const v = await makeVisitor(t.app)
    await t.sql.run('delete from users where id = ?', v.user.id)
    await expect(recordView(t.deps, v.user.id, mediaId)).rejects.toMatchObject({
      status: 401,
      message: 'No session: reload the page to start one',
    })
    expect(await viewRows(v.user.id)).toBe(0)
  })
})

// Only PostgreSQL lets a test hold a delete open while the request writes (SQLite runs one write at a time).
describe.if(TEST_DIALECT === 'postgres')('views and uploads racing a delete on PostgreSQL', () => {
  it('answers a view 401 when its user is deleted while it is written', async () => {
    const v = await makeVisitor(t.app)
    const answer = await whileDeleting(t.sql, 'delete from users where id = ?', [v.user.id], () =>
      call(t.app, 'POST', paths.mediaView(mediaId), { userId: v.user.id }, { cookie: v.cookie }),
    )
    expect(answer).toMatchObject({ status: 401, json: { error: 'No session: reload the page to start one' } })
    expect(await viewRows(v.user.id)).toBe(0)
  })

  it('answers a view 404 when its item is deleted while it is written', async () => {
    const uploader = await makeVisitor(t.app)
    const doomed = (await makeMedia(t.app, uploader, 'storm-over-highway.jpg')).json.media.id
    const v = await makeVisitor(t.app)
    const answer = await whileDeleting(t.sql, 'delete from media where id = ?', [doomed], () =>
      call(t.app, 'POST', paths.mediaView(doomed), { userId: v.user.id }, { cookie: v.cookie }),
    )
    expect(answer).toMatchObject({ status: 404, json: { error: 'Media not found' } })
    expect(await viewRows(v.user.id)).toBe(0)
  })

  it('answers an upload 401 when its user is deleted while the file is processed, and keeps none of its objects', async () => {
    const v = await makeVisitor(t.app)
    const before = await bucketKeys()
    const answer = await whileDeleting(
      t.sql,
      'delete from users where id = ?',
      [v.user.id],
      () => makeMedia(t.app, v, 'tabby-cat.png'),
      60_000,
    )
    expect(answer).toMatchObject({ status: 401, json: { error: 'No session: reload the page to start one' } })
    expect(await t.sql.get('select count(*) as n from media where user_id = ?', v.user.id)).toEqual({ n: 0 })
    expect(await bucketKeys()).toEqual(before)
  })
})
