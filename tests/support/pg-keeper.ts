/**
 * The keeper of one test process's PostgreSQL databases (started by tests/support/test-databases.ts with the owner tag
 * as argv[2] and its stdin a pipe from that process): holds a connection named ownerConnection(owner) on
 * TEST_DATABASE_URL's server, sweeps the stale test databases, prints "ready", then waits for its stdin to close (the
 * test process ended, however it ended) and drops every database of the owner. It ignores SIGINT, SIGTERM and SIGHUP,
 * which a Ctrl-C or a stop sends the test process's whole group, so it outlives the test process to clean up.
 */
import { SQL } from 'bun'
import { TEST_DATABASE_URL } from './postgres-url'
import { TEST_DATABASE_PREFIX, ownerConnection, startingWith, sweepStaleTestDatabases } from './test-databases'

const owner = process.argv[2]
if (!owner || !/^o[0-9a-f]{12}$/.test(owner)) throw new Error(`pg-keeper: bad owner tag ${owner}`)
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => {})

const sql = new SQL({
  url: TEST_DATABASE_URL,
  max: 1,
  idleTimeout: 0,
  connectionTimeout: 5,
  connection: { application_name: ownerConnection(owner) },
})
await sweepStaleTestDatabases(sql)
process.stdout.write('ready\n')

for await (const _ of Bun.stdin.stream()) {
  // Nothing is sent: the stream ends when the test process does.
}
const mine: { datname: string }[] =
  await sql`select datname from pg_database where datname like ${startingWith(`${TEST_DATABASE_PREFIX}${owner}_`)}`
for (const { datname } of mine) await sql.unsafe(`drop database if exists "${datname}" with (force)`)
await sql.close()
