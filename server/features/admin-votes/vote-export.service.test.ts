import { afterAll, describe, expect, it } from 'bun:test'
import ExcelJS from 'exceljs'
import { Readable } from 'node:stream'
import { makeTestDeps } from '../../../tests/support/test-app'
import { EXPORT_PAGE_SIZE, streamVotesXlsx } from './vote-export.service'

// 1,000 voters x 100 items: the export reads VOTES / EXPORT_PAGE_SIZE pages.
const VOTES = 100_000
const t = makeTestDeps()
afterAll(t.cleanup)
await t.sql.run(
  `with recursive n(i) as (select 1 union all select i + 1 from n where i < 1000) insert into users (session_id, username, created_at) select 'voter' || i, 'voter' || i, '2026-11-22' from n`,
)
await t.sql.run(
  `with recursive n(i) as (select 1 union all select i + 1 from n where i < 100) insert into media (user_id, storage_key, original_name, mime_type, size, sha256, uploaded_at) select 1, 'k' || i, 'x.jpg', 'image/jpeg', 1, 'h' || i, '2026-11-22' from n`,
)
await t.sql.run(
  `insert into votes (user_id, media_id, is_hot, created_at) select u.id, m.id, (u.id + m.id) % 2 = 1, '2026-11-22' from users u, media m`,
)

describe('streamVotesXlsx', () => {
  it('streams every vote and reports the export complete', async () => {
    expect(VOTES / EXPORT_PAGE_SIZE).toBeGreaterThan(10)
    const { body, done } = streamVotesXlsx(t.deps)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.read(Readable.fromWeb(body as never))
    expect(workbook.getWorksheet('votes')!.rowCount).toBe(VOTES + 1)
    expect(await done).toEqual({ rows: VOTES, complete: true })
  })

  it('ends the body only once whenDone (the export lock release) has run', async () => {
    let released = false
    // A release that takes a few turns of the event loop, as a database write does.
    const whenDone = async () => {
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0))
      released = true
    }
    const { body } = streamVotesXlsx(t.deps, whenDone)
    const reader = body.getReader()
    while (!(await reader.read()).done);
    expect(released).toBe(true)
  })

  it('stops reading votes once the reader cancels, as when the client goes away mid-download', async () => {
    const { body, done } = streamVotesXlsx(t.deps)
    const reader = body.getReader()
    expect((await reader.read()).done).toBe(false)
    await reader.cancel()
    const result = await done
    expect(result.complete).toBe(false)
    expect(result.rows).toBeLessThan(VOTES)
  })
})
