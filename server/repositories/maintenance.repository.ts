/** Maintenance queries (admin-back-office §2 Database; server-contract: inactive accounts, fix-user-sequence, reset-database), on either dialect. */
import { sql } from 'drizzle-orm'
import type { Db } from '../db/open'
import { inTransaction } from '../db/open'
import { rawRows, retryTransaction, type Database, type PgQueries } from '../db/database'
import { writeAuditRows, writeAuditRowsPg, type AuditRow } from './audit.repository'

/** An inactive account as the purge reports it. */
export type InactiveUser = { id: number; username: string; createdAt: string }

/**
 * Inactive accounts: no email, no votes, fewer than 2 views and no uploads (the last rule is ours: a purge never
 * deletes anyone's media). Table names written out: drizzle leaves select-list columns unqualified.
 */
const INACTIVE_USERS = sql`
    select id, username, created_at as "createdAt" from users
    where email is null
      and not exists (select 1 from votes where votes.user_id = users.id)
      and (select count(*) from views where views.user_id = users.id) < 2
      and not exists (select 1 from media where media.user_id = users.id)`
const USER_COUNT = sql`select cast(count(*) as integer) as n from users`

const inactiveUsers = (db: Db) => db.all<InactiveUser>(INACTIVE_USERS)
const userCount = (db: Db) => db.all<{ n: number }>(USER_COUNT)[0].n
const pgRows = async <T>(tx: PgQueries, query: ReturnType<typeof sql>) => [...((await tx.execute(query)) as unknown as T[])]

/** The inactive accounts (see inactiveUsers) and the number of users. */
export const countInactiveUsers = async (db: Database) => ({
  inactive: (await rawRows<InactiveUser>(db, INACTIVE_USERS)).length,
  total: Number((await rawRows<{ n: number }>(db, USER_COUNT))[0].n),
})

/**
 * In one transaction: deletes every inactive account (their views and tokens cascade) and appends the audit rows
 * audit(purged, remainingUsers) makes. Answers the purged accounts and the users left.
 */
export async function purgeInactiveUsers(database: Database, audit: (purged: InactiveUser[], remainingUsers: number) => AuditRow[]) {
  if (database.dialect === 'postgres') {
    return retryTransaction(() =>
      database.orm.transaction(async (tx) => {
        const purged = await pgRows<InactiveUser>(tx, INACTIVE_USERS)
        if (purged.length)
          await tx.execute(
            sql`delete from users where id in (${sql.join(
              purged.map((u) => sql`${u.id}`),
              sql`, `,
            )})`,
          )
        const remainingUsers = (await pgRows<{ n: number }>(tx, USER_COUNT))[0].n
        await writeAuditRowsPg(tx, audit(purged, remainingUsers))
        return { purged, remainingUsers }
      }),
    )
  }
  const db = database.orm
  return inTransaction(db, () => {
    const purged = inactiveUsers(db)
    for (const user of purged) db.run(sql`delete from users where id = ${user.id}`)
    const remainingUsers = userCount(db)
    writeAuditRows(db, audit(purged, remainingUsers))
    return { purged, remainingUsers }
  })
}

/** Sets the users id sequence (SQLite's autoincrement, PostgreSQL's identity) to the current largest id; answers the next id. */
export async function fixUserSequence(database: Database): Promise<number> {
  if (database.dialect === 'postgres') {
    const [{ m }] = await rawRows<{ m: number }>(database, sql`select cast(coalesce(max(id), 0) as integer) as m from users`)
    // setval(seq, max, false) makes max + 1 the next id without a row; is_called=false also covers an empty table (next id 1).
    await rawRows(database, sql`select setval(pg_get_serial_sequence('users', 'id'), ${m + 1}, false)`)
    return m + 1
  }
  const db = database.orm
  return inTransaction(db, () => {
    const max = db.all<{ m: number }>(sql`select coalesce(max(id), 0) as m from users`)[0].m
    db.run(sql`delete from sqlite_sequence where name = 'users'`)
    db.run(sql`insert into sqlite_sequence (name, seq) values ('users', ${max})`)
    return max + 1
  })
}

/** Tables emptied by a reset, children first; configs and the audit log stay. */
export const RESET_TABLES = [
  'votes',
  'views',
  'magic_link_tokens',
  'email_captures',
  'idempotency_keys',
  'dmca_takedowns',
  'vote_population_state',
  'media',
  'users',
] as const

/** In one transaction: empties RESET_TABLES and appends audit(deleted); answers the rows deleted per table. */
export async function emptyResetTables(
  database: Database,
  audit: (deleted: Record<string, number>) => AuditRow,
): Promise<Record<string, number>> {
  if (database.dialect === 'postgres') {
    return retryTransaction(() =>
      database.sql.begin(async (tx) => {
        const deleted: Record<string, number> = {}
        for (const table of RESET_TABLES) deleted[table] = (await tx.unsafe(`delete from ${table}`)).count
        const row = audit(deleted)
        await tx`insert into audit_logs (event, timestamp, context) values (${row.event}, ${row.timestamp}, ${row.context})`
        return deleted
      }),
    )
  }
  const db = database.orm
  return inTransaction(db, () => {
    const deleted: Record<string, number> = {}
    // bun:sqlite itself reports the rows changed; drizzle's run() is typed void.
    for (const table of RESET_TABLES) deleted[table] = db.$client.run(`delete from ${table}`).changes
    writeAuditRows(db, [audit(deleted)])
    return deleted
  })
}
