/**
 * PostgreSQL for tests: TEST_DATABASE_URL names the server (default postgres://root@127.0.0.1:5432/test, trust
 * authentication), and describePostgres gives each test file its own fresh database, dropped after its tests, or by
 * its keeper when the test process ends first (tests/support/test-databases.ts). When no PostgreSQL answers, the
 * block says so in one line and skips, or fails when CI=true: PostgreSQL tests never pass silently.
 */
import { afterAll, beforeAll, describe, it } from 'bun:test'
import { SQL } from 'bun'
import { redactDatabaseUrl } from '@contract/database-url'

import { TEST_DATABASE_URL, testDatabaseUrl } from './postgres-url'
import { createTestDatabase, dropTestDatabase, keepTestDatabases, testDatabaseName } from './test-databases'

export { TEST_DATABASE_URL }

/** A test file's own database: its URL, valid inside the describePostgres block's tests and hooks. */
export type TestPostgres = { url: string }

/** Runs fn with a one-connection client on url, then closes it. */
export async function withPostgres<T>(url: string, fn: (sql: SQL) => Promise<T>): Promise<T> {
  const sql = new SQL({ url, max: 1, connectionTimeout: 5 })
  try {
    return await fn(sql)
  } finally {
    await sql.close()
  }
}

/** Why PostgreSQL cannot be used for tests (one line), or undefined when it answers at TEST_DATABASE_URL. */
const unavailable: string | undefined = await withPostgres(TEST_DATABASE_URL, (sql) => sql`select 1`).then(
  () => undefined,
  (e: Error) => `PostgreSQL tests: no PostgreSQL answers at TEST_DATABASE_URL=${redactDatabaseUrl(TEST_DATABASE_URL)} (${e.message})`,
)

let blocks = 0

/**
 * describe(title, fn) on a fresh database created before the block's tests and dropped (with any connections left
 * on it) after them. Without a PostgreSQL server: one line saying so, then the block is skipped, or in CI (CI=true)
 * replaced by one failing test.
 */
export function describePostgres(title: string, fn: (pg: TestPostgres) => void): void {
  const pg: TestPostgres = { url: '' }
  if (unavailable) {
    console.warn(unavailable)
    if (process.env.CI === 'true')
      describe(title, () =>
        it('needs PostgreSQL (TEST_DATABASE_URL)', () => {
          throw new Error(unavailable)
        }),
      )
    else describe.skip(title, () => fn(pg))
    return
  }
  describe(title, () => {
    const name = testDatabaseName(`block${++blocks}`)
    beforeAll(async () => {
      await keepTestDatabases()
      createTestDatabase(name)
      pg.url = testDatabaseUrl(name)
    })
    afterAll(() => dropTestDatabase(name))
    fn(pg)
  })
}
