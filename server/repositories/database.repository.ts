/**
 * Queries about the database itself: the readiness probe, the online backup (`VACUUM INTO`, SQLite) and the
 * back-office Database page's probes (admin-back-office §2 Database), on either dialect.
 */
import { sql } from 'drizzle-orm'
import { rawRows, type Database } from '../db/database'

/** Runs `select 1`: answers when the database takes queries, rejects when it does not (on PostgreSQL: through the pool). */
export const selectOne = async (db: Database) => void (await rawRows(db, sql`select 1`))

/** Writes a consistent, compacted copy of the live SQLite database to the file at path (`VACUUM INTO`; the file must not exist). */
export async function vacuumInto(db: Database, path: string): Promise<void> {
  if (db.dialect !== 'sqlite') throw new Error('vacuumInto: SQLite only')
  db.orm.run(sql`VACUUM INTO ${path}`)
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
  ).map((r) => ({ totalUsers: Number(r.totalUsers), totalMedia: Number(r.totalMedia), totalVotes: Number(r.totalVotes), totalViews: Number(r.totalViews) }))[0]
