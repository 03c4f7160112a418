/**
 * Direct access to a running test server's SQLite file (DATA_DIR/hotvote.sqlite) for browser tests that need data
 * the API cannot make quickly: backdated users, thousands of rows.
 */
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import type { TestServer } from './browser'

/** Runs fn on the server's database (foreign keys on, so deletes cascade; waits up to 5 s for a lock), then closes it. */
export function withServerDb<T>(server: TestServer, fn: (db: Database) => T): T {
  const db = new Database(join(server.dataDir, 'hotvote.sqlite'))
  try {
    db.run('pragma foreign_keys = on')
    db.run('pragma busy_timeout = 5000')
    return fn(db)
  } finally {
    db.close()
  }
}
