/**
 * AuditLogList (admin-back-office §2 Audit Logs): a scrollable list (h-96) reading 'Showing N of M log entries'; each
 * entry has a colour-coded event badge, its local timestamp and its context (a non-string context pretty-printed as
 * JSON); 'No audit logs found matching your criteria' when nothing matches.
 */
import type { AuditLogEntry } from '@contract/admin/audit'
import { Badge, type BadgeVariant } from '@client/components/ui/badge'
import { formatDateTime } from '@client/features/admin/shell/format'

/** The badge colour of an event: purges danger (red), deletes warning (amber), takedowns accent (purple), deployment info (sky), others neutral. */
export function eventVariant(event: string): BadgeVariant {
  if (event.includes('PURGE')) return 'danger'
  if (event.includes('DELETE')) return 'warning'
  if (event.startsWith('DMCA')) return 'accent'
  if (event.startsWith('DEPLOYMENT')) return 'info'
  return 'neutral'
}

/** Props: the entries shown (after filtering) and the number loaded. */
export type AuditLogListProps = { entries: AuditLogEntry[]; total: number }

function AuditLogList({ entries, total }: AuditLogListProps) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-zinc-400">{`Showing ${entries.length} of ${total} log entries`}</p>
      <div
        role="region"
        aria-label="Audit log"
        tabIndex={0}
        className="h-96 overflow-y-auto rounded-2xl border border-zinc-800 bg-zinc-900/70 focus-visible:outline-2 focus-visible:outline-rose-400"
      >
        {entries.length === 0 ? (
          <p className="p-6 text-center text-zinc-400">No audit logs found matching your criteria</p>
        ) : (
          <ul aria-label="Audit log entries" className="divide-y divide-zinc-800">
            {entries.map((e) => (
              <li key={e.id} className="space-y-2 p-4">
                <div className="flex flex-wrap items-center gap-3">
                  <Badge variant={eventVariant(e.event)} className="font-mono">
                    {e.event}
                  </Badge>
                  <time dateTime={e.timestamp} className="text-xs text-zinc-400">
                    {formatDateTime(e.timestamp)}
                  </time>
                </div>
                {typeof e.context === 'string' ? (
                  <p className="text-sm text-zinc-300">{e.context}</p>
                ) : (
                  <pre tabIndex={0} className="overflow-x-auto rounded-lg bg-zinc-950 p-3 text-xs text-zinc-300">
                    {JSON.stringify(e.context, null, 2)}
                  </pre>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

export { AuditLogList }
