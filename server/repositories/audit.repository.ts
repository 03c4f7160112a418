/** Queries on the audit log (admin-back-office §2 Audit Logs, §3): appending events and reading them back filtered. */
import { and, count, desc, eq, like, sql } from 'drizzle-orm'
import type { Db } from '../db/open'
import { auditLogs } from '../db/schema'

/** One audit row as written: event name, timestamp (ISO-8601 UTC) and context (JSON text). */
export type AuditRow = { event: string; timestamp: string; context: string }

/** Filters of the audit rows: event equality, timestamp prefix date (YYYY-MM-DD), lowerSearch found in the lower-cased event and context JSON. */
export type AuditRowFilter = { eventType?: string; date?: string; lowerSearch?: string }

const auditWhere = (filter: AuditRowFilter) =>
  and(
    filter.eventType ? eq(auditLogs.event, filter.eventType) : undefined,
    filter.date ? like(auditLogs.timestamp, `${filter.date}%`) : undefined,
    filter.lowerSearch ? sql`instr(lower(${auditLogs.event} || ' ' || ${auditLogs.context}), ${filter.lowerSearch}) > 0` : undefined,
  )

/** Appends rows in one statement, synchronously: for the transactions of other repositories that audit what they change. */
export function writeAuditRows(db: Db, rows: AuditRow[]): void {
  if (rows.length) db.insert(auditLogs).values(rows).run()
}

/** Appends one audit row. */
export async function insertAuditRow(db: Db, row: AuditRow): Promise<void> {
  writeAuditRows(db, [row])
}

/** Matching audit rows newest first; with page, only limit rows from offset. */
export async function findAuditLogs(db: Db, filter: AuditRowFilter, page?: { limit: number; offset: number }) {
  const rows = db.select().from(auditLogs).where(auditWhere(filter)).orderBy(desc(auditLogs.id))
  return page ? rows.limit(page.limit).offset(page.offset).all() : rows.all()
}

/** Number of matching audit rows. */
export const countAuditLogs = async (db: Db, filter: AuditRowFilter) => db.select({ n: count() }).from(auditLogs).where(auditWhere(filter)).get()!.n
