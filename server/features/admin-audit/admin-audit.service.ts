/** Audit log reading (admin-back-office §2 Audit Logs, §7; server-contract: audit-logs): filters and a dated JSON file. */
import type { Deps } from '../../core/deps'
import type { AuditLogEntry } from '../../contract/admin/audit'
import type { Page, PageQuery } from '../../contract/admin/paging'
import { countAuditLogs, findAuditLogs } from '../../repositories/audit.repository'
import { readPage } from '../../http/paging'

/** Filters: eventType equality, search (case-insensitive, over event and context), date (YYYY-MM-DD of the timestamp). */
export type AuditFilter = { eventType?: string; search?: string; date?: string }

const rowFilter = (filter: AuditFilter) => ({ eventType: filter.eventType, date: filter.date, lowerSearch: filter.search?.toLowerCase() })

const toEntry = (row: { id: number; event: string; timestamp: string; context: string }): AuditLogEntry => ({
  id: row.id,
  event: row.event,
  timestamp: row.timestamp,
  context: JSON.parse(row.context) as unknown,
})

/**
 * A page of the matching entries, newest first, with the context parsed back to an object, the number of matching
 * entries and the next page's cursor.
 */
export async function listAuditLogs(deps: Pick<Deps, 'db'>, filter: AuditFilter, page: PageQuery): Promise<Page<AuditLogEntry>> {
  const { rows, next } = await readPage(
    page,
    (p) => findAuditLogs(deps.db, rowFilter(filter), p),
    (row) => row.id,
  )
  return { items: rows.map(toEntry), total: await countAuditLogs(deps.db, rowFilter(filter)), next }
}

/** Every matching entry, newest first (the export file). */
export const exportAuditLogs = async (deps: Pick<Deps, 'db'>, filter: AuditFilter): Promise<AuditLogEntry[]> =>
  (await findAuditLogs(deps.db, rowFilter(filter))).map(toEntry)
