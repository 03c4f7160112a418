/**
 * Paging of the admin lists (admin-back-office §7 lists; contract/admin/paging), on either dialect: without limit a
 * list answers ADMIN_PAGE_DEFAULT rows and X-Total-Count, a limit over ADMIN_PAGE_MAX, a bad limit/offset or a bad
 * cursor is a 400, the pages read by their X-Next-Cursor hold every row once even while rows are added at the top and
 * removed between two pages, and offset still pages. Rows are made straight in the database (or the bucket).
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { ADMIN_PAGE_DEFAULT, ADMIN_PAGE_MAX, BAD_CURSOR, collectPages, encodeCursor, type PageRequest } from '@contract/admin/paging'
import { paths } from '@contract/paths'
import { call, makeTestApp, ADMIN_BASIC } from '../../support/test-app'

const t = makeTestApp()
afterAll(t.cleanup)
/** Rows seeded in each list: more than a page of the largest size. */
const ROWS = ADMIN_PAGE_MAX + 21
/** Objects seeded in the bucket: more than a default page. */
const OBJECTS = ADMIN_PAGE_DEFAULT + 20

type Key = number | string
type ListCase = {
  name: string
  path: (page: PageRequest) => string
  keys: (json: unknown) => Key[]
  /** The number of rows of the list now. */
  total: () => Promise<number>
  /** Adds one row that sorts first in the list (made n-th in the test) and answers its key. */
  addFirst: (n: number) => Promise<Key>
  /** Removes the row with key. */
  remove: (key: Key) => Promise<void>
  /** A cursor of the other kind of list: well formed, but no cursor of this one. */
  foreignCursor: string
}
const idsOf = (json: unknown) => (json as { id: number }[]).map((r) => r.id)
const countOf = (table: string) => async () => (await t.sql.get<{ n: number }>(`select count(*) as n from ${table}`))!.n
/** A list of rows of table: inserted by the insert ... select statement of one row from values, counted and removed by id. */
const tableList = (name: string, table: string, path: ListCase['path'], insertOne: (n: number) => Promise<void>): ListCase => ({
  name,
  path,
  keys: idsOf,
  total: countOf(table),
  addFirst: async (n) => {
    await insertOne(n)
    return (await t.sql.get<{ id: number }>(`select max(id) as id from ${table}`))!.id
  },
  remove: (id) => t.sql.run(`delete from ${table} where id = ?`, id),
  foreignCursor: encodeCursor('media/object-0001.jpg'),
})

const now = t.clock.now().toISOString()
/** A recursive count 1..ROWS as n(i), for an insert ... select ... from n. */
const seq = (rows: number) => `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${rows})`
const insertUsers = (rows: number, from: number) =>
  t.sql.run(
    `${seq(rows)} insert into users (session_id, username, created_at, login_count) select 'paging:' || (${from} + i), 'paging_' || (${from} + i), ?, 1 from n`,
    now,
  )
const insertMedia = async (rows: number, from: number) => {
  const owner = (await t.sql.get<{ id: number }>("select min(id) as id from users where username like 'paging%'"))!.id
  await t.sql.run(
    `${seq(rows)} insert into media (user_id, storage_key, original_name, mime_type, size, sha256, uploaded_at) select ?, 'media/paging-' || (${from} + i) || '.jpg', 'p.jpg', 'image/jpeg', 10, 'sha-' || (${from} + i), ? from n`,
    owner,
    now,
  )
}
const insertTakedowns = (rows: number, from: number) =>
  t.sql.run(
    `${seq(rows)} insert into dmca_takedowns (reference_number, status, complainant_name, complainant_email, copyright_owner, work_description, infringement_description, infringing_urls, electronic_signature, good_faith_statement, accuracy_statement, created_at, updated_at)
     select 'DMCA-P' || (${from} + i), 'pending', 'A', 'a@example.com', 'A', 'w', 'i', '[]', 'A', true, true, ?, ? from n`,
    now,
    now,
  )
const insertAudit = (rows: number) =>
  t.sql.run(
    `${seq(rows)} insert into audit_logs (event, timestamp, context) select case when i % 2 = 0 then 'DEPLOYMENT_STARTUP' else 'MEDIA_DELETE_REQUEST' end, ?, '{}' from n`,
    now,
  )
const insertIdleRedirects = (rows: number) =>
  t.sql.run(
    `${seq(rows)} insert into idle_redirect_configs (idle_redirect_time, idle_redirect_url, is_active, created_at) select 60, '', false, ? from n`,
    now,
  )
const insertBackButtons = (rows: number) =>
  t.sql.run(`${seq(rows)} insert into back_button_configs (back_button_url, is_active, created_at) select '', false, ? from n`, now)
const putObject = (key: string) => t.deps.storage.put(key, new Blob(['x']).stream(), { size: 1, contentType: 'image/jpeg' })

/** Users made while paging start after the seeded ones, so their names and session tags stay unique. */
const LATER = 1_000_000

const LISTS: ListCase[] = [
  tableList('media', 'media', paths.adminMedia, (n) => insertMedia(1, LATER + n)),
  tableList('users', 'users', paths.adminUsers, (n) => insertUsers(1, LATER + n)),
  tableList('dmca takedowns', 'dmca_takedowns', paths.adminDmcaTakedowns, (n) => insertTakedowns(1, LATER + n)),
  tableList('audit logs', 'audit_logs', paths.adminAuditLogs, () => insertAudit(1)),
  tableList(
    'idle-redirect history',
    'idle_redirect_configs',
    (page) => paths.adminRedirectHistory('idle-redirect', page),
    () => insertIdleRedirects(1),
  ),
  tableList(
    'back-button history',
    'back_button_configs',
    (page) => paths.adminRedirectHistory('back-button', page),
    () => insertBackButtons(1),
  ),
  {
    name: 'bucket files',
    path: paths.adminBucketFiles,
    keys: (json) => (json as { files: { key: string }[] }).files.map((f) => f.key),
    total: async () => {
      let n = 0
      for await (const _ of t.deps.storage.list()) n++
      return n
    },
    addFirst: async (n) => {
      const key = `media/added-${String(n).padStart(4, '0')}.jpg`
      await putObject(key)
      return key
    },
    remove: async (key) => void (await t.deps.storage.delete(String(key))),
    foreignCursor: encodeCursor(3),
  },
]

const get = (path: string) => call(t.app, 'GET', path, undefined, { headers: ADMIN_BASIC })
/** path with one more query parameter, raw. */
const withParam = (path: string, param: string) => `${path}${path.includes('?') ? '&' : '?'}${param}`

beforeAll(async () => {
  await insertUsers(ROWS, 0)
  await insertMedia(ROWS, 0)
  await insertTakedowns(ROWS, 0)
  await insertAudit(ROWS)
  await insertIdleRedirects(ROWS)
  await insertBackButtons(ROWS)
  for (let i = 0; i < OBJECTS; i++) await putObject(`media/object-${String(i).padStart(4, '0')}.jpg`)
})

describe('admin list paging', () => {
  for (const list of LISTS) {
    describe(list.name, () => {
      /** Every page of the list at limit, read through X-Next-Cursor; between two pages between(keys seen so far) runs. */
      const readByCursor = async (limit: number, between: (seen: Key[]) => Promise<void> = async () => {}) => {
        const seen: Key[] = []
        let after: string | undefined
        for (;;) {
          const r = await get(list.path({ limit, after }))
          expect(r.status).toBe(200)
          expect(r.headers.get('x-total-count')).toBe(String(await list.total()))
          seen.push(...list.keys(r.json))
          const next = r.headers.get('x-next-cursor')
          if (next === null) return seen
          after = next
          await between(seen)
        }
      }

      it('answers the default page and X-Total-Count without limit', async () => {
        const r = await get(list.path({}))
        expect(r.status).toBe(200)
        expect(list.keys(r.json)).toHaveLength(ADMIN_PAGE_DEFAULT)
        expect(r.headers.get('x-total-count')).toBe(String(await list.total()))
        expect(r.headers.get('x-next-cursor')).not.toBeNull()
      })

      it('refuses a limit over the maximum and a bad limit or offset with a 400', async () => {
        expect(await get(list.path({ limit: ADMIN_PAGE_MAX + 1 }))).toMatchObject({
          status: 400,
          json: { error: `limit must be at most ${ADMIN_PAGE_MAX}` },
        })
        expect(await get(list.path({ limit: 0 }))).toMatchObject({ status: 400, json: { error: 'limit must be at least 1' } })
        expect(await get(withParam(list.path({}), 'offset=-1'))).toMatchObject({ status: 400, json: { error: 'offset must be a number' } })
      })

      it('refuses an offset past what the database can hold with a 400, never a 500 (inputs the fuzz suite found)', async () => {
        for (const offset of ['99999999999999999999', '9223372036854775296']) {
          expect(await get(withParam(list.path({}), `offset=${offset}`))).toMatchObject({
            status: 400,
            json: { error: 'offset must be a number' },
          })
        }
        expect((await get(withParam(list.path({}), 'offset=999999999999999'))).status).toBe(200)
      })

      it('refuses a cursor it did not answer with a 400 JSON error', async () => {
        const bad = [
          'not a cursor',
          '!!!',
          '',
          btoa('{').replaceAll('=', ''),
          'x'.repeat(5000),
          list.foreignCursor,
          encodeCursor(-1),
          encodeCursor(2 ** 31),
          encodeCursor(1.5),
          encodeCursor(null as never),
        ]
        for (const after of bad) {
          const r = await get(withParam(list.path({}), `after=${encodeURIComponent(after)}`))
          expect({ after, status: r.status, json: r.json }).toMatchObject({ after, status: 400, json: { error: BAD_CURSOR } })
        }
      })

      it('gives every row once across its pages, in the order of the list, and no cursor after the last page', async () => {
        const total = await list.total()
        const all = await collectPages(async (page) => {
          const r = await get(list.path(page))
          return {
            items: list.keys(r.json),
            total: Number(r.headers.get('x-total-count')),
            next: r.headers.get('x-next-cursor') ?? undefined,
          }
        })
        expect(all.total).toBe(total)
        expect(all.items).toHaveLength(total)
        expect(new Set(all.items).size).toBe(total)
        expect(await readByCursor(7)).toEqual(all.items)
        const last = await get(list.path({ limit: 5, offset: total - 5 }))
        expect(list.keys(last.json)).toEqual(all.items.slice(-5))
        expect(last.headers.get('x-next-cursor')).toBeNull()
      })

      it('still pages by offset, from the top and from a cursor', async () => {
        const all = list.keys((await get(list.path({ limit: 20 }))).json)
        const small = await get(list.path({ limit: 7, offset: 3 }))
        expect(list.keys(small.json)).toEqual(all.slice(3, 10))
        expect(small.headers.get('x-total-count')).toBe(String(await list.total()))
        const first = await get(list.path({ limit: 5 }))
        const after = first.headers.get('x-next-cursor')!
        expect(list.keys((await get(list.path({ limit: 5, offset: 2, after }))).json)).toEqual(all.slice(7, 12))
      })

      it('gives every row that stays in the list exactly once while rows are added at the top and removed between pages', async () => {
        const before = await readByCursor(ADMIN_PAGE_MAX)
        const limit = Math.ceil(before.length / 8)
        const added: Key[] = []
        const removedAhead: Key[] = []
        const removedSeen: Key[] = []
        let round = 0
        const seen = await readByCursor(limit, async (seenSoFar) => {
          round++
          // At every page boundary a row is added at the top (an offset would answer the page's last row again) and the
          // next row not reached yet is removed; at every other one the cursor's own row (the last one seen) is removed
          // too (an offset would skip a row).
          added.push(await list.addFirst(round))
          const ahead = before.find((key) => !seenSoFar.includes(key) && !removedAhead.includes(key))!
          await list.remove(ahead)
          removedAhead.push(ahead)
          if (round % 2 === 0) {
            await list.remove(seenSoFar.at(-1)!)
            removedSeen.push(seenSoFar.at(-1)!)
          }
        })
        expect(round).toBeGreaterThanOrEqual(7)
        const stayed = before.filter((key) => !removedAhead.includes(key) && !removedSeen.includes(key))
        expect(seen.filter((key) => stayed.includes(key))).toEqual(stayed)
        expect(new Set(seen).size).toBe(seen.length)
        expect(seen.filter((key) => removedAhead.includes(key) || added.includes(key))).toEqual([])
      })
    })
  }

  it('counts and pages the audit entries that match the filters by cursor and offset, and exports every match unpaged', async () => {
    const matching = (await t.sql.get<{ n: number }>("select count(*) as n from audit_logs where event = 'DEPLOYMENT_STARTUP'"))!.n
    const filtered = await get(paths.adminAuditLogs({ eventType: 'DEPLOYMENT_STARTUP', limit: 10, offset: 5 }))
    expect(filtered.headers.get('x-total-count')).toBe(String(matching))
    expect(filtered.json).toHaveLength(10)
    expect(filtered.json.every((e: { event: string }) => e.event === 'DEPLOYMENT_STARTUP')).toBe(true)
    const all = await collectPages(async (page) => {
      const r = await get(paths.adminAuditLogs({ eventType: 'DEPLOYMENT_STARTUP', ...page }))
      expect(r.headers.get('x-total-count')).toBe(String(matching))
      return { items: idsOf(r.json), total: matching, next: r.headers.get('x-next-cursor') ?? undefined }
    })
    expect(new Set(all.items).size).toBe(matching)
    const file = await get(paths.adminAuditLogs({ eventType: 'DEPLOYMENT_STARTUP', export: true }))
    expect(file.json).toHaveLength(matching)
  })
})
