/**
 * The one database handle of a running server, on either dialect: the embedded SQLite file (DATABASE_URL unset) or
 * PostgreSQL (DATABASE_URL=postgres://...). Both are opened migrated to the latest schema; dialect differences stay
 * in server/db and the repositories.
 */
import type { Database as SqliteClient } from 'bun:sqlite'
import type { SQL } from 'bun'
import type { DatabaseConfig } from '../config'
import { openDatabase, type Db as SqliteDb } from './open'
import { openPostgres, type PgDb } from './open-postgres'

export type { SqliteDb, PgDb }

/** An open database: its drizzle handle (orm), its driver client, and close() to end it on shutdown. */
export type Database =
  | { dialect: 'sqlite'; orm: SqliteDb; sqlite: SqliteClient; close(): Promise<void> }
  | { dialect: 'postgres'; orm: PgDb; sql: SQL; close(): Promise<void> }

/**
 * Opens and migrates the database the configuration names. Rejects with DatabaseStartError (open-postgres.ts), one
 * line naming DATABASE_URL without its password, when PostgreSQL cannot be reached, refuses the login or is older than 13.
 */
export async function openDatabaseFromConfig(config: { database: DatabaseConfig }): Promise<Database> {
  if (config.database.kind === 'postgres') return { dialect: 'postgres', ...(await openPostgres(config.database.url)) }
  const { db, sqlite } = openDatabase(config.database.path)
  return { dialect: 'sqlite', orm: db, sqlite, close: async () => sqlite.close() }
}
