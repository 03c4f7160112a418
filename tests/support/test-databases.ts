/**
 * The PostgreSQL databases the tests make on TEST_DATABASE_URL's server, and their removal however a test process
 * ends. Each process names its databases hv_test_<owner>_<label> (OWNER: a random tag of this process) and, before
 * it makes the first one, starts its keeper (tests/support/pg-keeper.ts): a child process holding a connection whose
 * application_name is OWNER_CONNECTION for as long as this process lives, that drops every database of the owner once
 * this process has ended, whether its tests finished, failed, timed out or it was killed. Starting, the keeper sweeps
 * the databases left by test processes that ended with their keeper (both killed at once, a machine reset):
 * sweepStaleTestDatabases. Test processes running beside this one keep theirs, since their keepers are connected.
 */
import { join } from 'node:path'
import type { SQL } from 'bun'

/** The prefix of every test database name. */
export const TEST_DATABASE_PREFIX = 'hv_test_'
/** This process's owner tag: 'o' and 12 hex digits. */
export const OWNER = `o${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`
/** The application_name of the connection the keeper of owner holds while owner's process lives. */
export const ownerConnection = (owner: string) => `${TEST_DATABASE_PREFIX}owner_${owner}`
/** How old a test database without an owner tag (named by an older version of these helpers) must be to be swept, ms. */
export const UNOWNED_STALE_AFTER_MS = 3 * 60 * 60 * 1000

const OWNED = /^hv_test_(o[0-9a-f]{12})_/
/** A LIKE pattern matching the names that start with prefix. */
export const startingWith = (prefix: string) => `${prefix.replaceAll('_', '\\_')}%`

/** The name of this process's test database label (letters, digits and _). */
export const testDatabaseName = (label: string) => `${TEST_DATABASE_PREFIX}${OWNER}_${label}`

/** Runs one statement on TEST_DATABASE_URL's server and waits for it (tests/support/pg-admin.ts); throws with its error. */
export function runOnServer(statement: string): void {
  const done = Bun.spawnSync([process.execPath, join(import.meta.dir, 'pg-admin.ts'), statement], { env: process.env })
  if (!done.success) throw new Error(`PostgreSQL test database: ${statement}: ${done.stderr.toString().trim()}`)
}

let keeper: Promise<void> | undefined
let kept = false

/**
 * Starts this process's keeper once (see above); resolves when it holds the owner's connection and has swept, rejects
 * when it could not. Must resolve before createTestDatabase.
 */
export function keepTestDatabases(): Promise<void> {
  keeper ??= (async () => {
    const proc = Bun.spawn([process.execPath, join(import.meta.dir, 'pg-keeper.ts'), OWNER], {
      env: process.env,
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'inherit',
    })
    // The keeper lives until this process ends (its stdin closes then), without keeping this process alive.
    proc.unref()
    const reader = proc.stdout.getReader()
    let said = ''
    while (!said.includes('\n')) {
      const { value, done } = await reader.read()
      if (done) throw new Error(`PostgreSQL test databases: the keeper exited (${await proc.exited}) before it was ready`)
      said += new TextDecoder().decode(value)
    }
    reader.releaseLock()
    if (said.trim() !== 'ready') throw new Error(`PostgreSQL test databases: the keeper said ${said.trim()}`)
    kept = true
  })()
  return keeper
}

/** Creates database name (this process's, from testDatabaseName), empty or as a copy of template; throws unless keepTestDatabases() has resolved. */
export function createTestDatabase(name: string, template?: string): void {
  if (!kept) throw new Error('PostgreSQL test databases: keepTestDatabases() must resolve before a database is made')
  runOnServer(`create database "${name}"${template ? ` template "${template}"` : ''}`)
}

/** Drops database name, and any connection still on it. */
export function dropTestDatabase(name: string): void {
  runOnServer(`drop database if exists "${name}" with (force)`)
}

/**
 * Drops, through sql (a connection to the server), the test databases nobody is connected to whose owner's keeper is
 * not connected either, and those without an owner tag older than UNOWNED_STALE_AFTER_MS (when the role may read
 * the databases' files, else none of those). A database someone connects to meanwhile is left (the drop fails).
 * Answers the names it dropped.
 */
export async function sweepStaleTestDatabases(sql: SQL): Promise<string[]> {
  const rows: { datname: string; busy: boolean }[] = await sql`
    select d.datname, exists (select 1 from pg_stat_activity a where a.datname = d.datname) as busy
    from pg_database d where d.datname like ${startingWith(TEST_DATABASE_PREFIX)}`
  const owners = new Set(
    (
      (await sql`select application_name from pg_stat_activity where application_name like ${startingWith(ownerConnection(''))}`) as {
        application_name: string
      }[]
    ).map((r) => r.application_name),
  )
  const idle = rows.filter((r) => !r.busy).map((r) => r.datname)
  const stale = idle.filter((name) => {
    const owner = name.match(OWNED)?.[1]
    return owner !== undefined && !owners.has(ownerConnection(owner))
  })
  const unowned = idle.filter((name) => !OWNED.test(name))
  if (unowned.length) stale.push(...(await oldDatabases(sql, unowned)))
  const dropped: string[] = []
  for (const name of stale) {
    try {
      await sql.unsafe(`drop database if exists "${name}"`)
      dropped.push(name)
    } catch {
      // Someone connected to it meanwhile, or another sweep dropped it first.
    }
  }
  return dropped
}

/** Those of names created more than UNOWNED_STALE_AFTER_MS ago (their PG_VERSION file's time); none when the role may not read it. */
async function oldDatabases(sql: SQL, names: string[]): Promise<string[]> {
  try {
    const rows: { datname: string }[] = await sql`
      select datname from pg_database
      where datname in ${sql(names)}
        and (pg_stat_file('base/' || oid || '/PG_VERSION')).modification < now() - make_interval(secs => ${UNOWNED_STALE_AFTER_MS / 1000})`
    return rows.map((r) => r.datname)
  } catch {
    return []
  }
}
