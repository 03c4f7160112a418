/**
 * Opens the SQLite database with bun:sqlite: WAL journal, foreign keys on, a busy timeout,
 * then applies the drizzle/ migrations with drizzle-orm's bun-sqlite migrator and rewrites usable system session ids
 * left by older versions (issue #10).
 */
import { Database } from 'bun:sqlite'
import { drizzle } from 'drizzle-orm/bun-sqlite'
import { migrate } from 'drizzle-orm/bun-sqlite/migrator'
import { join } from 'node:path'
import * as schema from './schema'
import { rewriteLegacySystemSessionIds } from './system-session-ids'

/** The drizzle database handle every repo receives. */
export type Db = ReturnType<typeof drizzle<typeof schema>>

const MIGRATIONS_DIR = join(import.meta.dir, '..', '..', 'drizzle')

/** Opens (creating if needed) the database file at path, or ':memory:', migrated to the latest schema. */
export function openDatabase(path: string): { db: Db; sqlite: Database } {
  const sqlite = new Database(path, { create: true, strict: true })
  sqlite.exec('PRAGMA journal_mode = WAL')
  sqlite.exec('PRAGMA foreign_keys = ON')
  sqlite.exec('PRAGMA busy_timeout = 5000')
  sqlite.exec('PRAGMA synchronous = NORMAL')
  const db = drizzle({ client: sqlite, schema })
  migrate(db, { migrationsFolder: MIGRATIONS_DIR })
  rewriteLegacySystemSessionIds(db)
  return { db, sqlite }
}

/**
 * Runs fn inside one SQLite transaction (rolled back if it throws). bun:sqlite is synchronous and the app
 * uses one connection, so repos called with the same `db` inside fn take part in the transaction.
 */
export function inTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(() => fn())
}
