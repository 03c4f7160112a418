/**
 * Idempotency-Key answers: kept 24 h then pruned in bounded batches; error answers are not kept; the answer and the
 * media row are written together. Runs on the dialect TEST_DIALECT names.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { makeTestApp, makeVisitor, TEST_DIALECT } from '../../support/test-app'
import { itemStem } from '@server/media/media-keys'
import { makeMedia } from '../../support/builders'
import { IDEMPOTENCY_TTL_MS } from '@server/http/idempotency'
import { PRUNE_BATCH } from '@server/http/prune'

const t = makeTestApp()
afterAll(t.cleanup)
const objects = async () => {
  const found: string[] = []
  for await (const o of t.deps.storage.list()) found.push(o.key)
  return found
}
const keys = async () => ((await t.sql.all('select key from idempotency_keys order by key')) as { key: string }[]).map((r) => r.key)

describe('Idempotency-Key on POST /api/media/upload', () => {
  it('does not keep a 4xx: a retry with the same key after fixing the file is stored', async () => {
    const v = await makeVisitor(t.app)
    const bad = await makeMedia(t.app, v, 'not-really.jpg', { bytes: new Blob(['plain text, not a photo']), idempotencyKey: 'retry-me' })
    expect(bad.status).toBe(415)
    expect(await keys()).toEqual([])
    const good = await makeMedia(t.app, v, 'tabby-cat.png', { idempotencyKey: 'retry-me' })
    expect(good.status).toBe(201)
    expect(await keys()).toEqual([`${v.user.id}:retry-me`])
  })

  it('replays an answer within 24 h, not after, and prunes expired rows on a later write', async () => {
    const v = await makeVisitor(t.app)
    const first = await makeMedia(t.app, v, 'yellow-daisy.webp', { idempotencyKey: 'day-old' })
    t.clock.advance(IDEMPOTENCY_TTL_MS - 1000)
    expect(await makeMedia(t.app, v, 'yellow-daisy.webp', { idempotencyKey: 'day-old' })).toMatchObject({ status: 201, json: first.json })
    t.clock.advance(2000)
    // Expired: the upload runs again and finds the file already there.
    expect((await makeMedia(t.app, v, 'yellow-daisy.webp', { idempotencyKey: 'day-old' })).status).toBe(409)
    expect((await makeMedia(t.app, v, 'paint-brushes.gif', { idempotencyKey: 'fresh' })).status).toBe(201)
    expect(await keys()).toEqual([`${v.user.id}:fresh`])
  })

  it('prunes a large backlog a bounded batch per write', async () => {
    t.clock.advance(IDEMPOTENCY_TTL_MS * 2)
    const old = new Date(t.clock.now().getTime() - IDEMPOTENCY_TTL_MS - 1).toISOString()
    await t.sql.run(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${PRUNE_BATCH * 2 + 200})
       insert into idempotency_keys (key, user_id, status, body, created_at) select 'backlog:' || i, 1, 201, '{}', ? from n`,
      old,
    )
    const v = await makeVisitor(t.app)
    const count = async () =>
      ((await t.sql.get('select count(*) as n from idempotency_keys where created_at <= ?', old)) as { n: number }).n
    const before = await count()
    expect(before).toBeGreaterThanOrEqual(PRUNE_BATCH * 2 + 200)
    const uploads = ['colorful-cups.png', 'red-marigold.webp', 'storm-over-highway.jpg']
    const left = []
    for (const [i, name] of uploads.entries()) {
      expect((await makeMedia(t.app, v, name, { idempotencyKey: `batch-${i}` })).status).toBe(201)
      left.push(await count())
    }
    expect(left).toEqual([before - PRUNE_BATCH, before - 2 * PRUNE_BATCH, 0])
  })

  it('writes the media row and its answer together: a retry after the database failed in between answers 201 once', async () => {
    const v = await makeVisitor(t.app)
    // The database fails the answer's write once, right after the media row's: as a PostgreSQL restart would.
    if (TEST_DIALECT === 'postgres') {
      await t.sql.run(`create function fail_answer() returns trigger language plpgsql as $$
        begin raise exception 'terminating connection due to administrator command' using errcode = '57P01'; end $$`)
      await t.sql.run('create trigger fail_answer before insert on idempotency_keys for each row execute function fail_answer()')
    } else {
      await t.sql.run(`create trigger fail_answer before insert on idempotency_keys begin select raise(abort, 'disk I/O error'); end`)
    }
    const before = await objects()
    const first = await makeMedia(t.app, v, 'forest-stream-cascade.jpg', { idempotencyKey: 'lost-answer' })
    expect(first.status).toBe(TEST_DIALECT === 'postgres' ? 503 : 500)
    await t.sql.run(TEST_DIALECT === 'postgres' ? 'drop trigger fail_answer on idempotency_keys' : 'drop trigger fail_answer')

    const retry = await makeMedia(t.app, v, 'forest-stream-cascade.jpg', { idempotencyKey: 'lost-answer' })
    expect(retry.status).toBe(201)
    const rows = await t.sql.all<{ id: number; storage_key: string }>('select id, storage_key from media where user_id = ?', v.user.id)
    expect(rows).toEqual([{ id: retry.json.media.id, storage_key: expect.any(String) }])
    const added = (await objects()).filter((key) => !before.includes(key))
    expect(added.length).toBeGreaterThan(0)
    expect(added.filter((key) => !key.startsWith(itemStem(rows[0].storage_key)))).toEqual([])
    // A further repeat is answered from the stored answer, the same 201.
    expect(await makeMedia(t.app, v, 'forest-stream-cascade.jpg', { idempotencyKey: 'lost-answer' })).toMatchObject({
      status: 201,
      json: retry.json,
    })
  })
})
