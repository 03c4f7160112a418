/**
 * Direct access to a running test server's SQLite file (DATA_DIR/hotvote.sqlite) for browser tests that need data
 * the API cannot make quickly (backdated users, thousands of rows) or check what reached the server (countRows,
 * polled with eventually()).
 */
import { expect } from 'bun:test'
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

/** The n of a `select count(...) as n ...` query with args, run on the server's database. */
export function countRows(server: TestServer, sql: string, ...args: (string | number)[]): number {
  return withServerDb(server, (db) => (db.query(sql).get(...args) as { n: number }).n)
}

/** Polls check() every 100 ms until it gives want (or ms pass, default 10 s), then asserts it. */
export async function eventually(check: () => number | Promise<number>, want: number, ms = 10_000): Promise<void> {
  const until = Date.now() + ms
  while (Date.now() < until && (await check()) !== want) await Bun.sleep(100)
  expect(await check()).toBe(want)
}
