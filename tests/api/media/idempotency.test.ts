/** Idempotency-Key answers: kept 24 h then pruned in bounded batches; error answers are not kept. */
import { afterAll, describe, expect, it } from 'bun:test'
import { makeTestApp, makeVisitor } from '../../support/test-app'
import { makeMedia } from '../../support/builders'
import { IDEMPOTENCY_TTL_MS } from '@server/http/idempotency'
import { PRUNE_BATCH } from '@server/http/prune'

const t = makeTestApp()
afterAll(t.cleanup)
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
})
