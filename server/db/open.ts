/**
 * Opens the SQLite database with bun:sqlite: file mode 0600, WAL journal, foreign keys on, a busy timeout,
 * then applies the drizzle/sqlite/ migrations with drizzle-orm's bun-sqlite migrator, rewrites usable system session ids
 * left by older versions and hashes session ids they stored in clear (session-hashes.ts).
 */
import { Database } from 'bun:sqlite'
import { drizzle } from 'drizzle-orm/bun-sqlite'
import { migrate } from 'drizzle-orm/bun-sqlite/migrator'
import { join } from 'node:path'
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs'
import { PRIVATE_FILE_MODE } from '../core/data-dir'
import * as schema from './schema'
import { rewriteLegacySystemSessionIds } from './system-session-ids'
import { hashClearSessionIds } from './session-hashes'
import { timeSqlite } from './query-metrics'

/** The drizzle database handle every repository receives. */
export type Db = ReturnType<typeof drizzle<typeof schema>>

const MIGRATIONS_DIR = join(import.meta.dir, '..', '..', 'drizzle', 'sqlite')

/**
 * Makes the database file readable by the owner only (0600), creating it empty if missing, and narrows a -wal or
 * -shm left by an older version; SQLite gives new -wal and -shm files the database file's mode.
 */
function restrictToOwner(path: string) {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE))
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE)
}

/** Opens (creating if needed) the database file at path, or ':memory:', migrated to the latest schema. */
export function openDatabase(path: string): { db: Db; sqlite: Database } {
  if (path !== ':memory:') restrictToOwner(path)
  const sqlite = new Database(path, { create: true, strict: true })
  // The wait comes first: switching to WAL needs the file's lock, which another process (an instance still shutting
  // down and checkpointing, a CLI) may hold for a moment.
  sqlite.exec('PRAGMA busy_timeout = 5000')
  sqlite.exec('PRAGMA journal_mode = WAL')
  sqlite.exec('PRAGMA foreign_keys = ON')
  sqlite.exec('PRAGMA synchronous = NORMAL')
  const db = drizzle({ client: sqlite, schema })
  migrate(db, { migrationsFolder: MIGRATIONS_DIR })
  // System ids first: an old synthetic id ('synthetic<tag>') is well formed and would otherwise be hashed.
  rewriteLegacySystemSessionIds(db)
  hashClearSessionIds(db)
  // Transactions from here on are timed for GET /metrics (query-metrics.ts); the migration's are not.
  timeSqlite(sqlite)
  return { db, sqlite }
}

/** Checkpoints the WAL into the main file and closes the connection (graceful shutdown). */
export function closeDatabase(sqlite: Database): void {
  sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  sqlite.close()
}

/**
 * Runs fn inside one SQLite transaction (rolled back if it throws) and answers its result. bun:sqlite is synchronous
 * and the app uses one connection, so the statements fn runs on `db` take part in the transaction and no other
 * request's statement can come between them. Only server/repositories calls it: an atomic operation is one repository
 * function whose body is synchronous (no await inside fn), which on PostgreSQL becomes a transaction on one pooled
 * connection.
 */
export function inTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(() => fn())
}
