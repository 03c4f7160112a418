/** Maintenance queries (admin-back-office §2 Database; server-contract: inactive accounts, fix-user-sequence, reset-database). */
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/open'

/**
 * Inactive accounts: no email, no votes, fewer than 2 views and no uploads (the last rule is ours: a purge never
 * deletes anyone's media). Table names written out: drizzle leaves select-list columns unqualified.
 */
export const findInactiveUsers = (db: Db) =>
  db.all<{ id: number; username: string; createdAt: string }>(sql`
    select id, username, created_at as createdAt from users
    where email is null
      and not exists (select 1 from votes where votes.user_id = users.id)
      and (select count(*) from views where views.user_id = users.id) < 2
      and not exists (select 1 from media where media.user_id = users.id)`)

/** Number of users. */
export const countUsers = (db: Db) => db.all<{ n: number }>(sql`select count(*) as n from users`)[0].n

/** Deletes one user (their views and tokens cascade). */
export const deleteUser = (db: Db, id: number) => db.run(sql`delete from users where id = ${id}`)

/** Sets the users autoincrement sequence to the current largest id; answers the next id. */
export function fixUserSequence(db: Db): number {
  const max = db.all<{ m: number }>(sql`select coalesce(max(id), 0) as m from users`)[0].m
  db.run(sql`delete from sqlite_sequence where name = 'users'`)
  db.run(sql`insert into sqlite_sequence (name, seq) values ('users', ${max})`)
  return max + 1
}

/** Tables emptied by a reset, children first; configs and the audit log stay. */
export const RESET_TABLES = ['votes', 'views', 'magic_link_tokens', 'email_captures', 'idempotency_keys', 'dmca_takedowns', 'vote_population_state', 'media', 'users'] as const

/** Empties RESET_TABLES; answers the rows deleted per table. */
export function emptyResetTables(db: Db): Record<string, number> {
  const deleted: Record<string, number> = {}
  // bun:sqlite itself reports the rows changed; drizzle's run() is typed void.
  for (const table of RESET_TABLES) deleted[table] = db.$client.run(`delete from ${table}`).changes
  return deleted
}
