/**
 * The one database handle of a running server, on either dialect: the embedded SQLite file (DATABASE_URL unset) or
 * PostgreSQL (DATABASE_URL=postgres://...). Both are opened migrated to the latest schema; dialect differences stay
 * in server/db and the repositories.
 */
import type { Database as SqliteClient } from 'bun:sqlite'
import type { SQL } from 'bun'
import type { DatabaseConfig } from '../config'
import { lt, type Column, type SQL as Query } from 'drizzle-orm'
import { closeDatabase, openDatabase, type Db as SqliteDb } from './open'
import { openPostgres, type PgDb } from './open-postgres'
import { checkpointInBackground } from './wal-checkpoint'
import type { ConfigCache } from './config-cache'
import * as sqliteTables from './schema'
import * as pgTables from './schema.pg'

export type { SqliteDb, PgDb }

/**
 * An open database: its drizzle handle (orm), its driver client (and on PostgreSQL its URL), and close() to end it on
 * shutdown. A server's PostgreSQL handle also caches the configuration (configCache, ./config-cache.ts); without it
 * (a bare pool, as tests and tools open) every configuration read goes to the database, as it does on SQLite.
 */
export type Database =
  | { dialect: 'sqlite'; orm: SqliteDb; sqlite: SqliteClient; close(): Promise<void> }
  | { dialect: 'postgres'; orm: PgDb; sql: SQL; url: string; configCache?: ConfigCache; close(): Promise<void> }

/** An open SQLite database, whose hot reads answer at once (server/core/maybe-promise.ts). */
export type SqliteDatabase = Extract<Database, { dialect: 'sqlite' }>

/**
 * Opens and migrates the database the configuration names; a SQLite file's WAL is checkpointed by a worker thread
 * (./wal-checkpoint.ts), stopped by close() before the last checkpoint (TRUNCATE). Rejects with DatabaseStartError (open-postgres.ts), one
 * line naming DATABASE_URL without its password, when PostgreSQL cannot be reached, refuses the login or is older than 13.
 */
export async function openDatabaseFromConfig(config: { database: DatabaseConfig }): Promise<Database> {
  if (config.database.kind === 'postgres') return { dialect: 'postgres', ...(await openPostgres(config.database.url)) }
  const { db, sqlite } = openDatabase(config.database.path)
  const checkpointer = checkpointInBackground(sqlite, config.database.path)
  return {
    dialect: 'sqlite',
    orm: db,
    sqlite,
    close: async () => {
      await checkpointer.stop()
      closeDatabase(sqlite)
    },
  }
}

/** An open SQLite file as a Database (tests and tools that open the file themselves); close() checkpoints the WAL. */
export const sqliteDatabase = (opened: { db: SqliteDb; sqlite: SqliteClient }): Database => ({
  dialect: 'sqlite',
  orm: opened.db,
  sqlite: opened.sqlite,
  close: async () => closeDatabase(opened.sqlite),
})

/**
 * The drizzle builder and tables of db's dialect for a query written the same on both: typed as PostgreSQL's, so
 * only what both builders share type-checks (await the query; no .get(), .all() or .run(), which only SQLite has).
 * Both schema modules export the same tables (tests/db/schema-equality.test.ts).
 */
export function shared(db: Database): { orm: PgDb; t: typeof pgTables } {
  if (db.dialect === 'postgres') return { orm: db.orm, t: pgTables }
  return { orm: db.orm as unknown as PgDb, t: sqliteTables as unknown as typeof pgTables }
}

/** The rows of a raw SQL query written the same on both dialects. */
export async function rawRows<T>(db: Database, query: Query): Promise<T[]> {
  if (db.dialect === 'sqlite') return db.orm.all<T>(query)
  return [...((await db.orm.execute(query)) as unknown as T[])]
}

/**
 * The condition of one page of a list ordered newest first by id (contract/admin/paging) that starts after the row a
 * cursor names: ids below after, none without a cursor. The primary key's index serves it on both dialects.
 */
export const idBelow = (id: Column, after: number | undefined) => (after === undefined ? undefined : lt(id, after))

/** What a PostgreSQL query needs of the pool or of a transaction (drizzle's transaction has no $client). */
export type PgQueries = Pick<PgDb, 'select' | 'insert' | 'update' | 'delete' | 'execute'>

/** The SQLSTATEs after which a PostgreSQL transaction is run again: unique_violation, serialization_failure, deadlock_detected. */
const RETRIED_STATES = ['23505', '40001', '40P01']

/** The SQLSTATE of a PostgreSQL error, under drizzle's wrapper or not. */
const sqlStateOf = (error: unknown) => {
  const e = error as { errno?: unknown; cause?: { errno?: unknown } } | null
  return String(e?.errno ?? e?.cause?.errno)
}

/**
 * True when a write failed because a row it names is gone: a user or media item another request deleted after this
 * one checked it (SQLite's SQLITE_CONSTRAINT_FOREIGNKEY, PostgreSQL's 23503 foreign_key_violation, under drizzle's
 * wrapper or not). The failed statement wrote nothing; the caller answers as if the row had been missing when checked.
 */
export function isMissingReference(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null
  return sqlStateOf(error) === '23503' || (e?.code ?? e?.cause?.code) === 'SQLITE_CONSTRAINT_FOREIGNKEY'
}

/**
 * Runs the PostgreSQL transaction attempt() again (at most `times` runs) when a concurrent transaction of this or
 * another instance made it fail: a unique index it filled first (the next run sees that row and decides as SQLite's
 * serial transactions do), or a deadlock or serialization failure PostgreSQL ended this one for.
 */
export async function retryTransaction<T>(attempt: () => Promise<T>, times = 3): Promise<T> {
  for (let run = 1; ; run++) {
    try {
      return await attempt()
    } catch (e) {
      if (run >= times || !RETRIED_STATES.includes(sqlStateOf(e))) throw e
    }
  }
}
