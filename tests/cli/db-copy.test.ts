/**
 * `hotvote db copy --from FILE --to postgres://...` run as a real process: a SQLite file made through a real server's
 * API is copied into a fresh PostgreSQL database, every table, ids, counters and sequences kept (docs/operations.md >
 * Moving a site to PostgreSQL).
 */
import { afterAll, beforeAll, expect, it } from 'bun:test'
import { Database } from 'bun:sqlite'
import type { SQL } from 'bun'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { paths } from '@contract/paths'
import { hashSessionId as sessionHash } from '@server/core/session-hash'
import { startServer, type TestServer } from '../support/browser'
import { newVisitor, seedUploads } from '../support/seed'
import { takedownInput } from '../support/builders'
import { runCli } from '../support/cli'
import { describePostgres, withPostgres } from '../support/postgres'
import { TEST_DIALECT } from '../support/test-app'

const work = mkdtempSync(join(tmpdir(), 'hotvote-db-copy-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** fetch on server that throws unless the answer is 2xx; answers the response. */
async function send(server: TestServer, method: string, path: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers },
    body: JSON.stringify(body),
  })
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return res
}

/** The tables of a SQLite file with their rows (what the copy must bring across). */
function sqliteRows(file: string): Record<string, Record<string, unknown>[]> {
  const db = new Database(file, { readonly: true })
  const names = (
    db
      .query(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name != '__drizzle_migrations' order by name",
      )
      .all() as { name: string }[]
  ).map((r) => r.name)
  const rows = Object.fromEntries(names.map((n) => [n, db.query(`select * from "${n}"`).all() as Record<string, unknown>[]]))
  db.close()
  return rows
}

/** A SQLite row as PostgreSQL answers it: booleans and JSON columns parsed (the columns schema.pg.ts types so). */
const BOOLEAN = new Set([
  'email_verified',
  'is_synthetic',
  'is_hot',
  'is_enabled',
  'is_active',
  'good_faith_statement',
  'accuracy_statement',
])
const asPostgres = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, v === null ? null : BOOLEAN.has(k) ? v === 1 : k === 'variants' ? JSON.parse(v as string) : v]),
  )

/** rows in one order whatever order the database answered them in. */
const sorted = (rows: Record<string, unknown>[]) => rows.toSorted((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))

const hotvote = (args: string[]) => runCli(['db', 'copy', ...args], work)

// The source is a SQLite file made by the test app, so this file runs in the SQLite pass only (its target is PostgreSQL either way).
if (TEST_DIALECT === 'sqlite')
  describePostgres('hotvote db copy', (pg) => {
    const file = join(work, 'site', 'hotvote.sqlite')
    let visitorSid = ''

    beforeAll(async () => {
      const server = await startServer({ DATA_DIR: join(work, 'site') })
      try {
        const { mediaIds } = await seedUploads(server, ['tabby-cat.png', 'yellow-daisy.webp', 'storm-over-highway.jpg'])
        for (let i = 0; i < 3; i++) {
          const v = await newVisitor(server)
          if (i === 0) visitorSid = v.cookie.slice('sid='.length)
          for (const mediaId of mediaIds) {
            await send(server, 'POST', paths.mediaView(mediaId), { userId: v.id }, { cookie: v.cookie })
            await send(server, 'POST', paths.votes(), { userId: v.id, mediaId, isHot: (mediaId + i) % 2 === 0 }, { cookie: v.cookie })
          }
        }
        const admin = { authorization: server.adminAuth }
        await send(server, 'POST', paths.adminConfig('vote-multiplier'), { isEnabled: true, multiplier: 2.5 }, admin)
        const takedown = (await (await send(server, 'POST', paths.dmcaTakedown(), takedownInput(mediaIds[0]), {})).json()) as { id: number }
        await send(server, 'PATCH', paths.adminDmcaTakedown(takedown.id), { status: 'resolved', adminNotes: 'taken down' }, admin)
      } finally {
        await server.stop()
      }
    })

    it('copies every table of the SQLite file with its rows, ids, counters and sequences; counts are verified; a session resumes on the copy', async () => {
      const before = sqliteRows(file)
      const res = await hotvote(['--from', file, '--to', pg.url])
      expect({ code: res.code, error: res.stderr.split('\n').filter((l) => l.startsWith('error')) }).toEqual({ code: 0, error: [] })
      expect(res.stderr).toMatch(/copying \[.*\] 100% (\d+)\/\1 rows/)
      // Every table of the file is named in the verified counts, with its count.
      const printed = Object.fromEntries(
        res.stdout
          .split('\n')
          .filter((l) => l.includes('\t'))
          .map((l) => l.split('\t')),
      )
      expect(printed).toEqual(Object.fromEntries(Object.entries(before).map(([t, rows]) => [t, String(rows.length)])))
      expect(before.media.length).toBe(3)
      expect(before.votes.length).toBe(9)
      expect(before.dmca_takedowns.length).toBe(1)
      expect(before.audit_logs.length).toBeGreaterThan(0)

      await withPostgres(pg.url, async (sql: SQL) => {
        for (const [table, rows] of Object.entries(before)) {
          const copied = (await sql.unsafe(`select * from "${table}"`)) as Record<string, unknown>[]
          expect({ table, rows: sorted(copied.map((r) => ({ ...r }))) }).toEqual({ table, rows: sorted(rows.map(asPostgres)) })
        }
        expect(await sql`select distinct jsonb_typeof(variants) as type from media`).toEqual([{ type: 'array' }])
        // Vacuumed and analyzed after the load: the planner has statistics for every copied table.
        const unanalyzed = await sql`select relname from pg_stat_user_tables where last_vacuum is null or last_analyze is null`
        expect(unanalyzed).toEqual([])
        // Counters as copied, not counted again by the vote trigger; new ids continue after the copied ones.
        const counters =
          (await sql`select m.total_votes, m.hot_votes, count(v.id)::int as votes, count(v.id) filter (where v.is_hot)::int as hot from media m left join votes v on v.media_id = m.id group by m.id`) as {
            total_votes: number
            hot_votes: number
            votes: number
            hot: number
          }[]
        for (const c of counters) expect([c.total_votes, c.hot_votes]).toEqual([c.votes, c.hot])
        const [next] =
          await sql`insert into users (session_id, username, created_at) values ('x:copy-test', 'copy_test', '2026-01-01T00:00:00.000Z') returning id`
        expect(next.id).toBe(Math.max(...before.users.map((u) => u.id as number)) + 1)
        await sql`delete from users where id = ${next.id}`
        // The visitor's session cookie still names their account on the copy.
        const [owner] =
          await sql`select id from users where session_id = ${sessionHash(visitorSid)} union select user_id from user_sessions where session_hash = ${sessionHash(visitorSid)}`
        expect(owner).toBeDefined()
      })
    })

    it('copies the PostgreSQL database back into a new SQLite file equal to the original, table by table', async () => {
      const back = join(work, 'back.sqlite')
      const res = await hotvote(['--from', pg.url, '--to', back])
      expect({ code: res.code, error: res.stderr.split('\n').filter((l) => l.startsWith('error')) }).toEqual({ code: 0, error: [] })
      const original = sqliteRows(file)
      const copy = sqliteRows(back)
      // jsonb keeps the variants' JSON value, not its text (it orders an object's keys): compared parsed.
      const parsed = (rows: Record<string, unknown>[]) =>
        sorted(rows.map((r) => (typeof r.variants === 'string' ? { ...r, variants: JSON.parse(r.variants) } : r)))
      for (const table of Object.keys(original))
        expect({ table, rows: parsed(copy[table]) }).toEqual({ table, rows: parsed(original[table]) })
      expect(Object.keys(copy)).toEqual(Object.keys(original))
      const db = new Database(back, { readonly: true })
      expect(db.query("select name from sqlite_master where type = 'trigger' order by name").all()).toEqual([
        { name: 'votes_count_delete' },
        { name: 'votes_count_insert' },
        { name: 'votes_count_update' },
      ])
      expect(db.query("select seq from sqlite_sequence where name = 'users'").get()).toEqual({
        seq: Math.max(...original.users.map((u) => u.id as number)),
      })
      db.close()
      expect((await hotvote(['--from', pg.url, '--to', back])).code).toBe(2)
    })

    it('refuses a target that already holds rows, with exit 2 and the tables named, and writes nothing', async () => {
      const res = await hotvote(['--from', file, '--to', pg.url])
      expect(res.code).toBe(2)
      expect(res.stderr).toContain('is not empty')
      expect(res.stderr).toMatch(/users: \d+ rows/)
      const [{ n }] = await withPostgres(pg.url, (sql) => sql`select count(*)::int as n from votes`)
      expect(n).toBe(9)
    })

    it('answers a usage error (exit 2) for two files, a missing option or a missing source file', async () => {
      expect((await hotvote(['--from', file, '--to', join(work, 'other.sqlite')])).stderr).toContain('one SQLite file and one postgres://')
      for (const args of [
        ['--from', file, '--to', join(work, 'other.sqlite')],
        ['--from', file],
        ['--from', join(work, 'missing.sqlite'), '--to', pg.url],
      ])
        expect((await hotvote(args)).code).toBe(2)
    })
  })
