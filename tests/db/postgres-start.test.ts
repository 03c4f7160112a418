/**
 * Starting on PostgreSQL: several instances migrating one fresh database at the same moment each apply every migration
 * once (the session advisory lock of server/db/open-postgres.ts), the schema they leave is complete and keeps the vote
 * counters, and a database that does not answer stops start-up at once with one line naming DATABASE_URL.
 */
import { expect, it } from 'bun:test'
import { is } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as pgSchema from '@server/db/schema.pg'
import { openDatabaseFromConfig } from '@server/db/database'
import { DatabaseStartError } from '@server/db/open-postgres'
import { describePostgres, withPostgres } from '../support/postgres'

const ROOT = join(import.meta.dir, '..', '..')
const JOURNAL = JSON.parse(readFileSync(join(ROOT, 'drizzle', 'pg', 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] }

/** Starts the opener process (tests/support/open-database.ts) on databaseUrl; resolves with its exit code and stderr. */
function openInProcess(databaseUrl: string) {
  const proc = Bun.spawn(['bun', join(ROOT, 'tests', 'support', 'open-database.ts')], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdout: 'ignore',
    stderr: 'pipe',
    stdin: 'ignore',
  })
  return Promise.all([proc.exited, new Response(proc.stderr).text()]).then(([code, stderr]) => ({ code, stderr }))
}

describePostgres('PostgreSQL start-up', (pg) => {
  it('applies each migration once when four instances migrate one fresh database at the same moment', async () => {
    const runs = await Promise.all(Array.from({ length: 4 }, () => openInProcess(pg.url)))
    expect(runs).toEqual(Array.from({ length: 4 }, () => ({ code: 0, stderr: '' })))

    await withPostgres(pg.url, async (sql) => {
      const applied: { created_at: string; n: number }[] =
        await sql`select created_at::text, count(*)::int as n from drizzle.__drizzle_migrations group by created_at order by created_at`
      expect(applied).toEqual(JOURNAL.entries.map((e) => ({ created_at: String(e.when), n: 1 })))

      const tables = Object.values(pgSchema as Record<string, unknown>)
        .filter((t): t is PgTable => is(t, PgTable))
        .map((t) => getTableConfig(t))
      const columns: { table_name: string; column_name: string }[] =
        await sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`
      expect(columns.map((c) => `${c.table_name}.${c.column_name}`).sort()).toEqual(
        tables.flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`)).sort(),
      )
      const indexes: { indexname: string }[] =
        await sql`select indexname from pg_indexes where schemaname = 'public' and indexname not like '%_pkey'`
      expect(indexes.map((i) => i.indexname).sort()).toEqual(tables.flatMap((t) => t.indexes.map((i) => String(i.config.name))).sort())
      const triggers: { tgname: string }[] = await sql`select tgname from pg_trigger where not tgisinternal order by tgname`
      expect(triggers.map((t) => t.tgname)).toEqual([
        'ad_zone_configs_notify',
        'back_button_configs_notify',
        'email_capture_config_notify',
        'idle_redirect_configs_notify',
        'skip_button_config_notify',
        'vote_multiplier_config_notify',
        'votes_count_delete',
        'votes_count_insert',
        'votes_count_update',
      ])
    })
  })

  it('keeps media vote counters through vote inserts, updates and cascaded deletes', async () => {
    await withPostgres(pg.url, async (sql) => {
      const at = new Date().toISOString()
      const [owner, voter] =
        await sql`insert into users (session_id, username, created_at) values ('s1', 'owner', ${at}), ('s2', 'voter', ${at}) returning id`
      const [a, b] = await sql`insert into media (user_id, storage_key, original_name, mime_type, size, sha256, uploaded_at) values
        (${owner.id}, 'a', 'a.jpg', 'image/jpeg', 1, 'ha', ${at}), (${owner.id}, 'b', 'b.jpg', 'image/jpeg', 1, 'hb', ${at}) returning id`
      const counters = async () =>
        (await sql`select total_votes, hot_votes from media order by id`).map((r: { total_votes: number; hot_votes: number }) => [
          r.total_votes,
          r.hot_votes,
        ])

      await sql`insert into votes (user_id, media_id, is_hot, created_at) values (${owner.id}, ${a.id}, true, ${at}), (${voter.id}, ${a.id}, false, ${at}), (${voter.id}, ${b.id}, true, ${at})`
      expect(await counters()).toEqual([
        [2, 1],
        [1, 1],
      ])
      await sql`update votes set is_hot = true where user_id = ${voter.id} and media_id = ${a.id}`
      expect(await counters()).toEqual([
        [2, 2],
        [1, 1],
      ])
      await sql`update votes set media_id = ${b.id} where user_id = ${owner.id}`
      expect(await counters()).toEqual([
        [1, 1],
        [2, 2],
      ])
      await sql`delete from users where id = ${voter.id}`
      expect(await counters()).toEqual([
        [0, 0],
        [1, 1],
      ])
      // One statement, one pair already voted: only the inserted row counts.
      await sql`insert into votes (user_id, media_id, is_hot, created_at) values (${owner.id}, ${a.id}, false, ${at}), (${owner.id}, ${b.id}, false, ${at}) on conflict do nothing`
      expect(await counters()).toEqual([
        [1, 0],
        [1, 1],
      ])
    })
  })

  it('refuses a login the server refuses in one line naming DATABASE_URL and the reason, its password hidden', async () => {
    const url = new URL(pg.url)
    url.username = 'hv_no_such_role'
    url.password = 'hunter2-secret'
    const error = await openDatabaseFromConfig({ database: { kind: 'postgres', url: url.toString() } }).then(
      () => undefined,
      (e: Error) => e,
    )
    expect(error).toBeInstanceOf(DatabaseStartError)
    expect(error!.message).toBe(
      `DATABASE_URL: cannot connect to PostgreSQL at ${url.toString().replace('hunter2-secret', '***')}: role "hv_no_such_role" does not exist`,
    )
  })

  it('accepts an explicit id in an identity column (as a copy keeps ids)', async () => {
    await withPostgres(pg.url, async (sql) => {
      await sql`insert into audit_logs (id, event, timestamp, context) values (41, 'server_start', '2026-01-01T00:00:00.000Z', '{}')`
      expect(await sql`select id from audit_logs`).toEqual([{ id: 41 }])
    })
  })
})

it('stops at once with one line naming DATABASE_URL, its password hidden, when no PostgreSQL answers', async () => {
  const { code, stderr } = await openInProcess('postgres://hv:hunter2-secret@127.0.0.1:1/hotvote')
  expect(code).toBe(1)
  expect(stderr).toBe('hotvote: DATABASE_URL: cannot connect to PostgreSQL at postgres://hv:***@127.0.0.1:1/hotvote: Failed to connect\n')
})

it('gives up on a server that accepts the connection but never answers after ?connect_timeout seconds, in one line', async () => {
  const silent = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  try {
    const { code, stderr } = await openInProcess(`postgres://hv:hunter2-secret@127.0.0.1:${silent.port}/hotvote?connect_timeout=1`)
    expect(code).toBe(1)
    expect(stderr).toStartWith(
      `hotvote: DATABASE_URL: cannot connect to PostgreSQL at postgres://hv:***@127.0.0.1:${silent.port}/hotvote?connect_timeout=1: Connection timeout after 1s`,
    )
    expect(stderr.trimEnd().split('\n')).toHaveLength(1)
  } finally {
    silent.stop(true)
  }
})
