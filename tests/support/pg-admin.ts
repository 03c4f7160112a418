/**
 * Runs one statement (argv[2]) on TEST_DATABASE_URL's server and exits: test-databases.ts creates and drops the
 * test databases through it synchronously (Bun.spawnSync), so makeTestApp stays synchronous.
 */
import { SQL } from 'bun'
import { TEST_DATABASE_URL } from './postgres-url'

const sql = new SQL({ url: TEST_DATABASE_URL, max: 1, connectionTimeout: 5 })
try {
  await sql.unsafe(process.argv[2])
} finally {
  await sql.close()
}
