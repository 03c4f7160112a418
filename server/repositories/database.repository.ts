/**
 * Queries about the database itself: the readiness probe, the online backup (`VACUUM INTO`, SQLite) and the
 * back-office Database page's probes (admin-back-office §2 Database), on either dialect.
 */
import { sql } from 'drizzle-orm'
import { rawRows, type Database } from '../db/database'
import { libpqEnvironment } from '../contract/database-url'

/** Runs `select 1`: answers when the database takes queries, rejects when it does not (on PostgreSQL: through the pool). */
export async function selectOne(db: Database): Promise<void> {
  // On PostgreSQL straight through the pool, so a failure reads as the driver's reason (drizzle's would be the statement).
  if (db.dialect === 'sqlite') db.orm.get(sql`select 1`)
  else await db.sql`select 1`
}

/** A backup file's kind: a SQLite database file, or a pg_dump archive (custom format, for pg_restore). */
export type BackupFormat = { contentType: string; extension: string; tool: 'VACUUM INTO' | 'pg_dump' }

const SQLITE_BACKUP: BackupFormat = { contentType: 'application/vnd.sqlite3', extension: 'sqlite', tool: 'VACUUM INTO' }
const PG_BACKUP: BackupFormat = { contentType: 'application/vnd.postgresql.pg-dump', extension: 'dump', tool: 'pg_dump' }

/**
 * Writes a consistent copy of the live database to the file at path (which must not exist): SQLite `VACUUM INTO`
 * (compacted), or on PostgreSQL `pg_dump --format=custom` (one snapshot). Answers the backup's format, or
 * { missing: 'pg_dump' } when pg_dump is not on the server's PATH (nothing written). Rejects with pg_dump's first
 * error line when it fails.
 */
export async function writeBackup(db: Database, path: string): Promise<BackupFormat | { missing: 'pg_dump' }> {
  if (db.dialect === 'sqlite') {
    db.orm.run(sql`VACUUM INTO ${path}`)
    return SQLITE_BACKUP
  }
  if (!Bun.which('pg_dump', { PATH: process.env.PATH ?? '' })) return { missing: 'pg_dump' }
  // The URL goes in the environment, not the command line, where other users of the machine could read its password.
  const dump = Bun.spawn(['pg_dump', '--format=custom', '--no-owner', `--file=${path}`], {
    env: { ...process.env, ...libpqEnvironment(db.url) },
    stdout: 'ignore',
    stderr: 'pipe',
  })
  const [code, stderr] = await Promise.all([dump.exited, new Response(dump.stderr).text()])
  if (code !== 0) throw new Error(`pg_dump failed: ${stderr.trim().split('\n')[0]}`)
  return PG_BACKUP
}

/** True when `select 1` answers 1 (a working connection). */
export const isConnected = async (db: Database) => Number((await rawRows<{ ok: number }>(db, sql`select 1 as ok`))[0].ok) === 1

/** The database's version: SQLite's library version such as 3.46.0, or `PostgreSQL 15.4`. */
export async function databaseVersion(db: Database): Promise<string> {
  if (db.dialect === 'sqlite') return db.orm.all<{ v: string }>(sql`select sqlite_version() as v`)[0].v
  return `PostgreSQL ${(await rawRows<{ v: string }>(db, sql`select current_setting('server_version') as v`))[0].v}`
}

/** The names of the app's tables (the engine's and drizzle's own left out), sorted. */
export async function listTableNames(db: Database): Promise<string[]> {
  const query =
    db.dialect === 'sqlite'
      ? sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' order by name`
      : sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like '__drizzle%' order by name`
  return (await rawRows<{ name: string }>(db, query)).map((t) => t.name)
}

/** Rows in the four main tables. */
export const countTables = async (db: Database) =>
  (
    await rawRows<{ totalUsers: number; totalMedia: number; totalVotes: number; totalViews: number }>(
      db,
      sql`select (select count(*) from users) as "totalUsers", (select count(*) from media) as "totalMedia", (select count(*) from votes) as "totalVotes", (select count(*) from views) as "totalViews"`,
    )
  ).map((r) => ({
    totalUsers: Number(r.totalUsers),
    totalMedia: Number(r.totalMedia),
    totalVotes: Number(r.totalVotes),
    totalViews: Number(r.totalViews),
  }))[0]
