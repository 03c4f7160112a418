/** Audit log reading (admin-back-office §2 Audit Logs, §7; server-contract: audit-logs): filters and a dated JSON file. */
import type { Deps } from '../../core/deps'
import type { AuditLogEntry } from '../../contract/admin/audit'
import { findAuditLogs } from './admin-audit.repo'

/** Filters: eventType equality, search (case-insensitive, over event and context), date (YYYY-MM-DD of the timestamp). */
export type AuditFilter = { eventType?: string; search?: string; date?: string }

/** The matching entries, newest first, with the context parsed back to an object. */
export function listAuditLogs(deps: Pick<Deps, 'db'>, filter: AuditFilter): AuditLogEntry[] {
  return findAuditLogs(deps.db, { eventType: filter.eventType, date: filter.date, lowerSearch: filter.search?.toLowerCase() })
    .map((row) => ({ id: row.id, event: row.event, timestamp: row.timestamp, context: JSON.parse(row.context) as unknown }))
}
