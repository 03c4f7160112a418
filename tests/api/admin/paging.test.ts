/**
 * Paging of the admin lists (admin-back-office §7 lists; contract/admin/paging): without limit a list answers
 * ADMIN_PAGE_DEFAULT rows and X-Total-Count, a limit over ADMIN_PAGE_MAX or a bad limit/offset is a 400, and the
 * pages together hold every row once. Rows are made straight in the database (or the bucket), more than a page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { ADMIN_PAGE_DEFAULT, ADMIN_PAGE_MAX, collectPages } from '@contract/admin/paging'
import { paths } from '@contract/paths'
import { call, makeTestApp, ADMIN_BASIC, TEST_DIALECT } from '../../support/test-app'

const t = makeTestApp()
afterAll(t.cleanup)
/** Rows seeded in each list: more than a page of the largest size. */
const ROWS = ADMIN_PAGE_MAX + 21
/** Objects seeded in the bucket: more than a default page. */
const OBJECTS = ADMIN_PAGE_DEFAULT + 20

type ListCase = {
  name: string
  path: (page: { limit?: number; offset?: number }) => string
  ids: (json: unknown) => (number | string)[]
  total: () => number
}
const rowsOf = (json: unknown) => (json as { id: number }[]).map((r) => r.id)
const count = (table: string) => () => (t.sqlite.query(`select count(*) as n from ${table}`).get() as { n: number }).n

const LISTS: ListCase[] = [
  { name: 'media', path: paths.adminMedia, ids: rowsOf, total: count('media') },
  { name: 'users', path: paths.adminUsers, ids: rowsOf, total: count('users') },
  { name: 'dmca takedowns', path: paths.adminDmcaTakedowns, ids: rowsOf, total: count('dmca_takedowns') },
  { name: 'audit logs', path: paths.adminAuditLogs, ids: rowsOf, total: count('audit_logs') },
  {
    name: 'idle-redirect history',
    path: (page) => paths.adminRedirectHistory('idle-redirect', page),
    ids: rowsOf,
    total: count('idle_redirect_configs'),
  },
  {
    name: 'back-button history',
    path: (page) => paths.adminRedirectHistory('back-button', page),
    ids: rowsOf,
    total: count('back_button_configs'),
  },
  {
    name: 'bucket files',
    path: paths.adminBucketFiles,
    ids: (json) => (json as { files: { key: string }[] }).files.map((f) => f.key),
    total: () => OBJECTS,
  },
]

const get = (path: string) => call(t.app, 'GET', path, undefined, { headers: ADMIN_BASIC })

beforeAll(async () => {
  if (TEST_DIALECT !== 'sqlite') return
  const now = t.clock.now().toISOString()
  t.sqlite.transaction(() => {
    const seq = `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${ROWS})`
    t.sqlite.run(
      `${seq} insert into users (session_id, username, created_at, login_count) select printf('paging%026d', i), printf('paging_%05d', i), ?, 1 from n`,
      [now],
    )
    const owner = (t.sqlite.query('select min(id) as id from users').get() as { id: number }).id
    t.sqlite.run(
      `${seq} insert into media (user_id, storage_key, original_name, mime_type, size, sha256, uploaded_at) select ?, printf('media/paging-%05d.jpg', i), 'p.jpg', 'image/jpeg', 10, printf('%064d', i), ? from n`,
      [owner, now],
    )
    t.sqlite.run(
      `${seq} insert into dmca_takedowns (reference_number, status, complainant_name, complainant_email, copyright_owner, work_description, infringement_description, infringing_urls, electronic_signature, good_faith_statement, accuracy_statement, created_at, updated_at)
       select printf('DMCA-P%05d', i), 'pending', 'A', 'a@example.com', 'A', 'w', 'i', '[]', 'A', 1, 1, ?, ? from n`,
      [now, now],
    )
    t.sqlite.run(
      `${seq} insert into audit_logs (event, timestamp, context) select case when i % 2 = 0 then 'DEPLOYMENT_STARTUP' else 'MEDIA_DELETE_REQUEST' end, ?, '{}' from n`,
      [now],
    )
    t.sqlite.run(
      `${seq} insert into idle_redirect_configs (idle_redirect_time, idle_redirect_url, is_active, created_at) select 60, '', 0, ? from n`,
      [now],
    )
    t.sqlite.run(`${seq} insert into back_button_configs (back_button_url, is_active, created_at) select '', 0, ? from n`, [now])
  })()
  for (let i = 0; i < OBJECTS; i++)
    await t.deps.storage.put(`media/object-${String(i).padStart(4, '0')}.jpg`, new Blob(['x']).stream(), {
      size: 1,
      contentType: 'image/jpeg',
    })
})

// SQLite only: the rows are seeded in one SQLite statement per table (printf and a recursive CTE).
describe.if(TEST_DIALECT === 'sqlite')('admin list paging', () => {
  for (const list of LISTS) {
    describe(list.name, () => {
      it('answers the default page and X-Total-Count without limit', async () => {
        const r = await get(list.path({}))
        expect(r.status).toBe(200)
        expect(list.ids(r.json)).toHaveLength(ADMIN_PAGE_DEFAULT)
        expect(r.headers.get('x-total-count')).toBe(String(list.total()))
      })

      it('refuses a limit over the maximum and a bad limit or offset with a 400', async () => {
        expect(await get(list.path({ limit: ADMIN_PAGE_MAX + 1 }))).toMatchObject({
          status: 400,
          json: { error: `limit must be at most ${ADMIN_PAGE_MAX}` },
        })
        expect(await get(list.path({ limit: 0 }))).toMatchObject({ status: 400, json: { error: 'limit must be at least 1' } })
        expect(await get(`${list.path({})}${list.path({}).includes('?') ? '&' : '?'}offset=-1`)).toMatchObject({
          status: 400,
          json: { error: 'offset must be a number' },
        })
      })

      it('refuses an offset past what SQLite can hold with a 400, never a 500 (inputs the fuzz suite found)', async () => {
        const withOffset = (offset: string) => `${list.path({})}${list.path({}).includes('?') ? '&' : '?'}offset=${offset}`
        for (const offset of ['99999999999999999999', '9223372036854775296']) {
          expect(await get(withOffset(offset))).toMatchObject({ status: 400, json: { error: 'offset must be a number' } })
        }
        expect((await get(withOffset('999999999999999'))).status).toBe(200)
      })

      it('gives every row once across its pages, in the order of the list', async () => {
        const all = await collectPages(async (page) => {
          const r = await get(list.path(page))
          return { items: list.ids(r.json), total: Number(r.headers.get('x-total-count')) }
        })
        expect(all.total).toBe(list.total())
        expect(all.items).toHaveLength(list.total())
        expect(new Set(all.items).size).toBe(list.total())
        const small = await get(list.path({ limit: 7, offset: 3 }))
        expect(list.ids(small.json)).toEqual(all.items.slice(3, 10))
      })
    })
  }

  it('counts and pages the audit entries that match the filters, and exports every match unpaged', async () => {
    const filtered = await get(paths.adminAuditLogs({ eventType: 'DEPLOYMENT_STARTUP', limit: 10, offset: 5 }))
    const matching = (t.sqlite.query("select count(*) as n from audit_logs where event = 'DEPLOYMENT_STARTUP'").get() as { n: number }).n
    expect(filtered.headers.get('x-total-count')).toBe(String(matching))
    expect(filtered.json).toHaveLength(10)
    expect(filtered.json.every((e: { event: string }) => e.event === 'DEPLOYMENT_STARTUP')).toBe(true)
    const file = await get(paths.adminAuditLogs({ eventType: 'DEPLOYMENT_STARTUP', export: true }))
    expect(file.json).toHaveLength(matching)
  })
})
