/** Maintenance queries (admin-back-office §2 Database; server-contract: inactive accounts, fix-user-sequence, reset-database). */
import { sql } from 'drizzle-orm'
import type { Db } from '../db/open'
import { inTransaction } from '../db/open'
import { writeAuditRows, type AuditRow } from './audit.repository'

/** An inactive account as the purge reports it. */
export type InactiveUser = { id: number; username: string; createdAt: string }

/**
 * Inactive accounts: no email, no votes, fewer than 2 views and no uploads (the last rule is ours: a purge never
 * deletes anyone's media). Table names written out: drizzle leaves select-list columns unqualified.
 */
const inactiveUsers = (db: Db) =>
  db.all<InactiveUser>(sql`
    select id, username, created_at as createdAt from users
    where email is null
      and not exists (select 1 from votes where votes.user_id = users.id)
      and (select count(*) from views where views.user_id = users.id) < 2
      and not exists (select 1 from media where media.user_id = users.id)`)

const userCount = (db: Db) => db.all<{ n: number }>(sql`select count(*) as n from users`)[0].n

/** The inactive accounts (see inactiveUsers) and the number of users. */
export const countInactiveUsers = async (db: Db) => ({ inactive: inactiveUsers(db).length, total: userCount(db) })

/**
 * In one transaction: deletes every inactive account (their views and tokens cascade) and appends the audit rows
 * audit(purged, remainingUsers) makes. Answers the purged accounts and the users left.
 */
export async function purgeInactiveUsers(db: Db, audit: (purged: InactiveUser[], remainingUsers: number) => AuditRow[]) {
  return inTransaction(db, () => {
    const purged = inactiveUsers(db)
    for (const user of purged) db.run(sql`delete from users where id = ${user.id}`)
    const remainingUsers = userCount(db)
    writeAuditRows(db, audit(purged, remainingUsers))
    return { purged, remainingUsers }
  })
}

/** Sets the users autoincrement sequence to the current largest id; answers the next id. */
export async function fixUserSequence(db: Db): Promise<number> {
  return inTransaction(db, () => {
    const max = db.all<{ m: number }>(sql`select coalesce(max(id), 0) as m from users`)[0].m
    db.run(sql`delete from sqlite_sequence where name = 'users'`)
    db.run(sql`insert into sqlite_sequence (name, seq) values ('users', ${max})`)
    return max + 1
  })
}

/** Tables emptied by a reset, children first; configs and the audit log stay. */
export const RESET_TABLES = ['votes', 'views', 'magic_link_tokens', 'email_captures', 'idempotency_keys', 'dmca_takedowns', 'vote_population_state', 'media', 'users'] as const

/** In one transaction: empties RESET_TABLES and appends audit(deleted); answers the rows deleted per table. */
export async function emptyResetTables(db: Db, audit: (deleted: Record<string, number>) => AuditRow): Promise<Record<string, number>> {
  return inTransaction(db, () => {
    const deleted: Record<string, number> = {}
    // bun:sqlite itself reports the rows changed; drizzle's run() is typed void.
    for (const table of RESET_TABLES) deleted[table] = db.$client.run(`delete from ${table}`).changes
    writeAuditRows(db, [audit(deleted)])
    return deleted
  })
}
