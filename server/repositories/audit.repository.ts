/** Queries on the audit log (admin-back-office §2 Audit Logs, §3): appending events and reading them back filtered. */
import { and, count, desc, eq, like, sql } from 'drizzle-orm'
import type { Db } from '../db/open'
import { idBelow, shared, type Database, type PgQueries } from '../db/database'
import type { PageQuery } from '../contract/admin/paging'
import { auditLogs } from '../db/schema'
import * as pg from '../db/schema.pg'

/** One audit row as written: event name, timestamp (ISO-8601 UTC) and context (JSON text). */
export type AuditRow = { event: string; timestamp: string; context: string }

/** Filters of the audit rows: event equality, timestamp prefix date (YYYY-MM-DD), lowerSearch found in the lower-cased event and context JSON. */
export type AuditRowFilter = { eventType?: string; date?: string; lowerSearch?: string }

// strpos is PostgreSQL's instr; both find lowerSearch as a plain substring (no LIKE wildcards).
const auditWhere = (db: Database, filter: AuditRowFilter, a = shared(db).t.auditLogs) =>
  and(
    filter.eventType ? eq(a.event, filter.eventType) : undefined,
    filter.date ? like(a.timestamp, `${filter.date}%`) : undefined,
    filter.lowerSearch
      ? sql`${sql.raw(db.dialect === 'sqlite' ? 'instr' : 'strpos')}(lower(${a.event} || ' ' || ${a.context}), ${filter.lowerSearch}) > 0`
      : undefined,
  )

/** Appends rows in one statement, synchronously: for the transactions of other repositories that audit what they change. */
export function writeAuditRows(db: Db, rows: AuditRow[]): void {
  if (rows.length) db.insert(auditLogs).values(rows).run()
}

/** writeAuditRows on PostgreSQL, awaited inside another repository's transaction. */
export async function writeAuditRowsPg(tx: PgQueries, rows: AuditRow[]): Promise<void> {
  if (rows.length) await tx.insert(pg.auditLogs).values(rows)
}

/** Appends one audit row. */
export async function insertAuditRow(db: Database, row: AuditRow): Promise<void> {
  const { orm, t } = shared(db)
  await orm.insert(t.auditLogs).values(row)
}

/** Matching audit rows newest first; with page, only limit rows from offset, below the cursor's id. */
export async function findAuditLogs(db: Database, filter: AuditRowFilter, page?: PageQuery) {
  const { orm, t } = shared(db)
  const a = t.auditLogs
  const rows = orm
    .select()
    .from(a)
    .where(and(auditWhere(db, filter), idBelow(a.id, page?.after)))
    .orderBy(desc(a.id))
  return page ? rows.limit(page.limit).offset(page.offset) : rows
}

/** Number of matching audit rows. */
export async function countAuditLogs(db: Database, filter: AuditRowFilter) {
  const { orm, t } = shared(db)
  return (await orm.select({ n: count() }).from(t.auditLogs).where(auditWhere(db, filter)))[0].n
}
