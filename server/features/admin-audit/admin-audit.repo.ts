/** Drizzle queries on the audit log (admin-back-office §2 Audit Logs). */
import { and, count, desc, eq, like, sql } from 'drizzle-orm'
import type { Db } from '../../db/open'
import { auditLogs } from '../../db/schema'

/** The WHERE clause of each filter given: event equality, timestamp prefix date (YYYY-MM-DD), lowerSearch found in the lower-cased event and context JSON. */
const auditWhere = (filter: AuditRowFilter) =>
  and(
    filter.eventType ? eq(auditLogs.event, filter.eventType) : undefined,
    filter.date ? like(auditLogs.timestamp, `${filter.date}%`) : undefined,
    filter.lowerSearch ? sql`instr(lower(${auditLogs.event} || ' ' || ${auditLogs.context}), ${filter.lowerSearch}) > 0` : undefined,
  )

/** Filters of the audit rows (see auditWhere). */
export type AuditRowFilter = { eventType?: string; date?: string; lowerSearch?: string }

/** Matching audit rows newest first; with page, only limit rows from offset. */
export const findAuditLogs = (db: Db, filter: AuditRowFilter, page?: { limit: number; offset: number }) => {
  const rows = db.select().from(auditLogs).where(auditWhere(filter)).orderBy(desc(auditLogs.id))
  return page ? rows.limit(page.limit).offset(page.offset).all() : rows.all()
}

/** Number of matching audit rows. */
export const countAuditLogs = (db: Db, filter: AuditRowFilter) => db.select({ n: count() }).from(auditLogs).where(auditWhere(filter)).get()!.n
