/**
 * A test run that holds PostgreSQL test databases until it is killed, for tests/db/test-databases.test.ts: run as
 * `TEST_DIALECT=postgres bun test ./tests/support/held-test-databases.ts`, it makes a describePostgres block's
 * database, the test apps' template and one app's copy, prints `holding <owner tag>`, then waits.
 */
import { it } from 'bun:test'
import { describePostgres } from './postgres'
import { makeTestApp } from './test-app'
import { OWNER } from './test-databases'

describePostgres('databases held until the run is killed', () => {
  it('holds them', async () => {
    makeTestApp()
    console.log(`holding ${OWNER}`)
    await new Promise(() => {})
  })
})
