/**
 * The PostgreSQL test databases go however a test process ends (tests/support/test-databases.ts): a script that made
 * a test app and ended (tests/api/media/tus-loading.test.ts runs one), one that threw before its cleanup, and a bun
 * test run killed with SIGKILL in the middle of a test leave none of theirs behind. The sweep drops the databases of
 * an owner that is gone and that nobody uses, and keeps those of a live owner, those with a connection on them, and
 * recent ones without an owner tag.
 */
import { expect, it } from 'bun:test'
import { join } from 'node:path'
import { describePostgres, TEST_DATABASE_URL, withPostgres } from '../support/postgres'
import { testDatabaseUrl } from '../support/postgres-url'
import { eventually } from '../support/server-db'
import {
  createTestDatabase,
  dropTestDatabase,
  keepTestDatabases,
  runOnServer,
  startingWith,
  sweepStaleTestDatabases,
  TEST_DATABASE_PREFIX,
  testDatabaseName,
} from '../support/test-databases'

const ROOT = join(import.meta.dir, '..', '..')
const SUPPORT = join(ROOT, 'tests', 'support')
const ON_POSTGRES = { ...process.env, TEST_DIALECT: 'postgres', NODE_ENV: 'test' }

/** How many databases of owner tag owner the server has. */
const databasesOf = (owner: string) =>
  withPostgres(TEST_DATABASE_URL, async (sql) => {
    const [{ n }] =
      await sql`select count(*)::int as n from pg_database where datname like ${startingWith(`${TEST_DATABASE_PREFIX}${owner}_`)}`
    return n as number
  })

/** Which of names the server has. */
const existing = (names: string[]) =>
  withPostgres(TEST_DATABASE_URL, async (sql) =>
    ((await sql`select datname from pg_database where datname in ${sql(names)} order by datname`) as { datname: string }[]).map(
      (r) => r.datname,
    ),
  )

/** Runs script in a fresh bun on PostgreSQL; answers the owner tag it printed last and its exit code. */
function runScript(script: string): { owner: string; code: number } {
  const run = Bun.spawnSync([process.execPath, '-e', script], { cwd: ROOT, env: ON_POSTGRES, stderr: 'pipe' })
  const owner = run.stdout.toString().trim().split('\n').at(-1) ?? ''
  expect(owner).toMatch(/^o[0-9a-f]{12}$/)
  return { owner, code: run.exitCode ?? -1 }
}

const MAKE_APP = `
  const { makeTestApp } = await import(${JSON.stringify(join(SUPPORT, 'test-app.ts'))})
  const { OWNER } = await import(${JSON.stringify(join(SUPPORT, 'test-databases.ts'))})
  const t = makeTestApp()
  console.log(OWNER)`

describePostgres('test databases', () => {
  it('a script that made a test app on PostgreSQL and cleaned it up leaves none of its databases once it has ended', async () => {
    const { owner, code } = runScript(`${MAKE_APP}\n  t.cleanup()`)
    expect(code).toBe(0)
    await eventually(() => databasesOf(owner), 0)
  })

  it('a script that threw before cleaning up its test app leaves none of its databases', async () => {
    const { owner, code } = runScript(`${MAKE_APP}\n  throw new Error('a failure before the cleanup')`)
    expect(code).not.toBe(0)
    await eventually(() => databasesOf(owner), 0)
  })

  it('a bun test run killed with SIGKILL in the middle of a test leaves none of its databases', async () => {
    const run = Bun.spawn([process.execPath, 'test', '--timeout', '600000', './tests/support/held-test-databases.ts'], {
      cwd: ROOT,
      env: ON_POSTGRES,
      stdout: 'pipe',
      stderr: 'ignore',
    })
    let said = ''
    const reader = run.stdout.getReader()
    while (!/holding (o[0-9a-f]{12})\n/.test(said)) {
      const { value, done } = await reader.read()
      if (done) throw new Error(`the run ended before it held its databases: ${said}`)
      said += new TextDecoder().decode(value)
    }
    const owner = said.match(/holding (o[0-9a-f]{12})\n/)![1]
    // The block's database, the template and the app's copy.
    expect(await databasesOf(owner)).toBe(3)
    run.kill('SIGKILL')
    await run.exited
    await eventually(() => databasesOf(owner), 0)
  })

  it('the sweep drops the idle databases of an owner that is gone and keeps the rest', async () => {
    await keepTestDatabases()
    const tag = () => `o${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`
    const gone = `${TEST_DATABASE_PREFIX}${tag()}_left`
    const used = `${TEST_DATABASE_PREFIX}${tag()}_used`
    const untagged = `${TEST_DATABASE_PREFIX}untagged_${tag()}`
    const mine = testDatabaseName('kept')
    for (const name of [gone, used, untagged]) runOnServer(`create database "${name}"`)
    createTestDatabase(mine)
    try {
      await withPostgres(testDatabaseUrl(used), async (held) => {
        await held`select 1`
        await withPostgres(TEST_DATABASE_URL, sweepStaleTestDatabases)
        expect(await existing([gone, used, untagged, mine])).toEqual([mine, untagged, used].sort())
      })
    } finally {
      for (const name of [gone, used, untagged, mine]) dropTestDatabase(name)
    }
  })
})
