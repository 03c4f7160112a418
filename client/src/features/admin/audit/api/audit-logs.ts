/**
 * The audit log list and its export (admin-back-office §2 Audit Logs, §3, §5, §7): the list is read whole (page after page) and filtered
 * on the client (filterAuditLogs); the export sends the filters with export=true and saves audit-logs-{YYYY-MM-DD}.json.
 * Both need a stored token ('Admin authentication required').
 */
import { queryOptions } from '@tanstack/react-query'
import { format } from 'date-fns'
import type { AuditLogEntry, AuditLogsAnswer } from '@contract/admin/audit'
import { paths } from '@contract/paths'
import { saveBlob } from '@client/features/admin/shell/save-file'
import { adminFetch, adminFetchAll } from '@client/features/admin/shell/api/admin-api'

/** The screen's filters: eventType 'all' or one event name; search free text; date YYYY-MM-DD or ''. */
export type AuditFilters = { eventType: string; search: string; date: string }

/** The list answer as entries: a plain array as is, {logs, environment} as its logs (the environment is only logged). */
export function auditEntriesOf(answer: AuditLogsAnswer): AuditLogEntry[] {
  if (Array.isArray(answer)) return answer
  console.info('Audit log environment:', answer.environment)
  return answer.logs
}

/** Every audit entry, newest first, read page after page. Throws AdminTokenMissingError without a token, ApiError on a non-OK answer. */
export const getAuditLogs = (): Promise<AuditLogEntry[]> => adminFetchAll(paths.adminAuditLogs, auditEntriesOf)

/** The audit list query, key ['admin', 'audit-logs', {}]. */
export const auditLogsQueryOptions = () => queryOptions({ queryKey: ['admin', 'audit-logs', {}], queryFn: getAuditLogs })

/** The entries matching the filters (admin-back-office §5): event equality, case-insensitive search over the serialised entry, timestamp starting with the date. */
export function filterAuditLogs(entries: AuditLogEntry[], { eventType, search, date }: AuditFilters): AuditLogEntry[] {
  const needle = search.trim().toLowerCase()
  return entries.filter(
    (e) =>
      (eventType === 'all' || e.event === eventType) &&
      (needle === '' || JSON.stringify(e).toLowerCase().includes(needle)) &&
      (date === '' || e.timestamp.startsWith(date)),
  )
}

/** The export query string: eventType (omitted for 'all'), search and date when set, and export=true. */
export function auditExportQuery({ eventType, search, date }: AuditFilters): string {
  const q = new URLSearchParams()
  if (eventType !== 'all') q.set('eventType', eventType)
  if (search.trim() !== '') q.set('search', search.trim())
  if (date !== '') q.set('date', date)
  q.set('export', 'true')
  return q.toString()
}

/** Downloads the filtered entries as audit-logs-{today, local YYYY-MM-DD}.json. Throws like getAuditLogs. */
export async function exportAuditLogs(filters: AuditFilters): Promise<void> {
  const entries = auditEntriesOf(
    await adminFetch<AuditLogsAnswer>(`${paths.adminAuditLogs()}?${auditExportQuery(filters)}`, { cache: 'no-store' }),
  )
  saveBlob(
    new Blob([JSON.stringify(entries, null, 2)], { type: 'application/json' }),
    `audit-logs-${format(new Date(), 'yyyy-MM-dd')}.json`,
  )
}
