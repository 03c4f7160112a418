import { afterAll, describe, expect, it } from 'bun:test'
import ExcelJS from 'exceljs'
import { Readable } from 'node:stream'
import { call, makeTestApp, makeVisitor, ADMIN_BASIC } from '../../support/test-app'
import { makeMedia } from '../../support/builders'
import { paths } from '@contract/paths'

const FILES = [
  'tabby-cat.png',
  'yellow-daisy.webp',
  'storm-over-highway.jpg',
  'paint-brushes.gif',
  'red-marigold.webp',
  'wooden-plank-closeup.jpg',
  'kite-in-blue-sky-portrait.jpg',
  'fig-in-red-bowl-square.jpg',
  'colorful-cups.png',
  'lakeside-jetty-planks.jpg',
  'forest-stream-cascade.jpg',
  'autumn-mountain-meadow.jpg',
  'dandelion-clocks-portrait.jpg',
  'nuthatch-on-tree-portrait.jpg',
  'spaniels-at-window-portrait.jpg',
  'rowing-boats-sunset.jpg',
  'water-droplet-splash.png',
  'forest-path-portrait.png',
  'ladybird-forget-me-nots-portrait.webp',
  'mountain-sunset-animated.gif',
  'kite-sky-portrait.mp4',
  'rowing-boats-pan.mp4',
  'flowers-crossfade-tone.mp4',
  'forest-path-zoom.mp4',
]
const t = makeTestApp()
afterAll(t.cleanup)

describe('vote population', () => {
  it('resumes across calls until complete, with 10-50 votes per item, 70-100% Hot, synthetic voters and no duplicate pair', async () => {
    const owner = await makeVisitor(t.app)
    for (const f of FILES) expect((await makeMedia(t.app, owner, f)).status).toBe(201)
    const results = []
    for (let i = 0; i < 10; i++) {
      const r = (await call(t.app, 'POST', paths.adminPopulateVotes(), undefined, { headers: ADMIN_BASIC })).json
      results.push(r)
      if (!r.paused) break
    }
    const last = results.at(-1)
    expect(results.length).toBeGreaterThan(1)
    expect(results[0]).toMatchObject({ success: false, paused: true })
    expect(last).toMatchObject({
      success: true,
      paused: false,
      mediaProcessed: FILES.length,
      totalMediaCount: FILES.length,
      usersCreated: 50,
    })

    const perItem = (await t.sql.all(
      'select media_id, count(*) as n, sum(case when is_hot then 1 else 0 end) as hot from votes group by media_id',
    )) as { n: number; hot: number }[]
    expect(perItem).toHaveLength(FILES.length)
    for (const item of perItem) {
      expect(item.n).toBeGreaterThanOrEqual(10)
      expect(item.n).toBeLessThanOrEqual(50)
      expect(item.hot / item.n).toBeGreaterThanOrEqual(0.7)
    }
    const total = perItem.reduce((n, i) => n + i.n, 0)
    expect(last.totalVotesInserted).toBe(total)
    expect(
      await t.sql.get(
        'select count(*) as n from (select user_id, media_id from votes group by user_id, media_id having count(*) > 1) as repeats',
      ),
    ).toEqual({ n: 0 })
    expect(await t.sql.get('select count(*) as n from users where is_synthetic')).toEqual({ n: 50 })
    const [first, lastId] = last.userIdRange.split('-').map(Number)
    expect(lastId - first).toBe(49)
    expect(await t.sql.get("select count(*) as n from audit_logs where event = 'VOTE_POPULATION_RUN'")).toEqual({ n: results.length })
    const again = (await call(t.app, 'POST', paths.adminPopulateVotes(), undefined, { headers: ADMIN_BASIC })).json
    expect(again).toMatchObject({ success: true, totalVotesInserted: total })
  })

  it('gives its synthetic voters no usable session', async () => {
    const sids = ((await t.sql.all('select session_id as sid from users where is_synthetic')) as { sid: string }[]).map((u) => u.sid)
    expect(sids).toHaveLength(50)
    for (const sid of sids.slice(0, 5)) {
      expect((await call(t.app, 'POST', paths.session(), { sessionId: sid })).status).toBe(400)
      expect((await call(t.app, 'GET', paths.session(), undefined, { cookie: `sid=${sid}` })).status).toBe(401)
    }
    expect(await t.sql.get('select count(*) as n from users where is_synthetic')).toEqual({ n: 50 })
  })
})

describe('GET /api/admin/export-votes', () => {
  it('streams an xlsx that exceljs reads back with one row per vote', async () => {
    const res = await t.app.handle(new Request('http://localhost/api/admin/export-votes', { headers: ADMIN_BASIC }))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="votes_export_2026-11-22.xlsx"')
    const rows: unknown[][] = []
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.fromWeb(res.body as never), {})
    for await (const sheet of reader) for await (const row of sheet) rows.push((row.values as unknown[]).slice(1))
    expect(rows[0]).toEqual(['user_id', 'media_id', 'is_hot', 'voted_at'])
    const votes = (await t.sql.all('select user_id, media_id, is_hot, created_at from votes order by id')) as {
      user_id: number
      media_id: number
      is_hot: number
      created_at: string
    }[]
    expect(rows.length - 1).toBe(votes.length)
    expect(rows[1]).toEqual([votes[0].user_id, votes[0].media_id, votes[0].is_hot ? 'true' : 'false', votes[0].created_at])
    expect(rows.at(-1)).toEqual([
      votes.at(-1)!.user_id,
      votes.at(-1)!.media_id,
      votes.at(-1)!.is_hot ? 'true' : 'false',
      votes.at(-1)!.created_at,
    ])
    expect((await call(t.app, 'GET', paths.adminExportVotes())).status).toBe(401)
  })
})
