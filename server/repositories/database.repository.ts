/**
 * Queries about the database itself: the readiness probe, the online backup (`VACUUM INTO`) and the
 * back-office Database page's probes (admin-back-office §2 Database).
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../db/open'

/** Runs `select 1`: answers when the database takes queries, rejects when it does not. */
export const selectOne = async (db: Db) => db.get(sql`select 1`)

/** Writes a consistent, compacted copy of the live database to the file at path (SQLite `VACUUM INTO`; the file must not exist). */
export const vacuumInto = async (db: Db, path: string) => void db.run(sql`VACUUM INTO ${path}`)

/** True when `select 1` answers 1 (a working connection). */
export const isConnected = async (db: Db) => db.all<{ ok: number }>(sql`select 1 as ok`)[0].ok === 1

/** The SQLite library's version, such as 3.46.0. */
export const sqliteVersion = async (db: Db) => db.all<{ v: string }>(sql`select sqlite_version() as v`)[0].v

/** The names of the app's tables (SQLite's and drizzle's own left out), sorted. */
export const listTableNames = async (db: Db) =>
  db.all<{ name: string }>(sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' order by name`).map((t) => t.name)

/** Rows in the four main tables. */
export const countTables = async (db: Db) =>
  db.all<{ totalUsers: number; totalMedia: number; totalVotes: number; totalViews: number }>(
    sql`select (select count(*) from users) as totalUsers, (select count(*) from media) as totalMedia, (select count(*) from votes) as totalVotes, (select count(*) from views) as totalViews`,
  )[0]
