/**
 * AuditLogList (admin-back-office §2 Audit Logs): a scrollable list (h-96) reading 'Showing N of M log entries'; each
 * entry has a colour-coded event badge, its local timestamp and its context (a non-string context pretty-printed as
 * JSON); 'No audit logs found matching your criteria' when nothing matches.
 */
import type { AuditLogEntry } from '@contract/admin/audit'
import { cn } from '@client/lib/cn'
import { formatDateTime } from '../format'

/** The badge colour of an event: purges red, deletes orange, takedowns amber, deployment sky, others grey. */
export function eventColour(event: string): string {
  if (event.includes('PURGE')) return 'bg-red-500/20 text-red-300 border-red-500/40'
  if (event.includes('DELETE')) return 'bg-orange-500/20 text-orange-300 border-orange-500/40'
  if (event.startsWith('DMCA')) return 'bg-amber-500/20 text-amber-300 border-amber-500/40'
  if (event.startsWith('DEPLOYMENT')) return 'bg-sky-500/20 text-sky-300 border-sky-500/40'
  return 'bg-zinc-700/60 text-zinc-300 border-zinc-600'
}

/** Props: the entries shown (after filtering) and the number loaded. */
export type AuditLogListProps = { entries: AuditLogEntry[]; total: number }

function AuditLogList({ entries, total }: AuditLogListProps) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-zinc-400">{`Showing ${entries.length} of ${total} log entries`}</p>
      <div role="region" aria-label="Audit log" tabIndex={0} className="h-96 overflow-y-auto rounded-2xl border border-zinc-800 bg-zinc-900/70 focus-visible:outline-2 focus-visible:outline-rose-400">
        {entries.length === 0 ? (
          <p className="p-6 text-center text-zinc-400">No audit logs found matching your criteria</p>
        ) : (
          <ul aria-label="Audit log entries" className="divide-y divide-zinc-800">
            {entries.map((e) => (
              <li key={e.id} className="space-y-2 p-4">
                <div className="flex flex-wrap items-center gap-3">
                  <span className={cn('rounded-full border px-2 py-0.5 font-mono text-xs', eventColour(e.event))}>{e.event}</span>
                  <time dateTime={e.timestamp} className="text-xs text-zinc-400">
                    {formatDateTime(e.timestamp)}
                  </time>
                </div>
                {typeof e.context === 'string' ? (
                  <p className="text-sm text-zinc-300">{e.context}</p>
                ) : (
                  <pre tabIndex={0} className="overflow-x-auto rounded-lg bg-zinc-950 p-3 text-xs text-zinc-300">{JSON.stringify(e.context, null, 2)}</pre>
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
