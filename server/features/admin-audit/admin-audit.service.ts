/** Audit log reading (admin-back-office §2 Audit Logs, §7; server-contract: audit-logs): filters and a dated JSON file. */
import { and, desc, eq, like, sql } from 'drizzle-orm'
import type { Deps } from '../../core/deps'
import { auditLogs } from '../../db/schema'
import type { AuditLogEntry } from '../../contract/admin/audit'

/** Filters: eventType equality, search (case-insensitive, over event and context), date (YYYY-MM-DD of the timestamp). */
export type AuditFilter = { eventType?: string; search?: string; date?: string }

/** The matching entries, newest first, with the context parsed back to an object. */
export function listAuditLogs(deps: Pick<Deps, 'db'>, filter: AuditFilter): AuditLogEntry[] {
  const search = filter.search?.toLowerCase()
  return deps.db
    .select()
    .from(auditLogs)
    .where(
      and(
        filter.eventType ? eq(auditLogs.event, filter.eventType) : undefined,
        filter.date ? like(auditLogs.timestamp, `${filter.date}%`) : undefined,
        search ? sql`instr(lower(${auditLogs.event} || ' ' || ${auditLogs.context}), ${search}) > 0` : undefined,
      ),
    )
    .orderBy(desc(auditLogs.id))
    .all()
    .map((row) => ({ id: row.id, event: row.event, timestamp: row.timestamp, context: JSON.parse(row.context) as unknown }))
}
