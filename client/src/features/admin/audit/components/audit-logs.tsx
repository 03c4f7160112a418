/**
 * AuditLogs (admin-back-office §2 Audit Logs, §5, §7, §8): filters (event type with All Events plus the ten types,
 * free-text search, a date), Refresh and Export, stat cards over the loaded entries (Total Logs, Purge Events, Delete
 * Events, Days Active) and the filtered list. Load error: 'Failed to load audit logs: message'; export toasts
 * 'Audit logs exported successfully' or 'Error' / 'Failed to export logs'.
 */
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { AUDIT_EVENTS, type AuditLogEntry } from '@contract/admin/audit'
import { Button } from '@client/components/ui/button'
import { Field } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { Select } from '@client/components/ui/select'
import { Spinner } from '@client/components/ui/spinner'
import { toast } from '@client/lib/toast'
import { listErrorText } from '@client/features/admin/shell/api/admin-api'
import { StatCards } from '@client/features/admin/shell/components/stat-cards'
import { auditLogsQueryOptions, exportAuditLogs, filterAuditLogs, type AuditFilters } from '../api/audit-logs'
import { AuditLogList } from './audit-log-list'

/** The stat cards' figures over entries: total, events containing PURGE, events containing DELETE, distinct dates. */
export function auditStats(entries: AuditLogEntry[]): [string, number][] {
  return [
    ['Total Logs', entries.length],
    ['Purge Events', entries.filter((e) => e.event.includes('PURGE')).length],
    ['Delete Events', entries.filter((e) => e.event.includes('DELETE')).length],
    ['Days Active', new Set(entries.map((e) => e.timestamp.slice(0, 10))).size],
  ]
}

function FilterBar({ filters, onChange }: { filters: AuditFilters; onChange: (f: AuditFilters) => void }) {
  return (
    <div className="grid gap-3 md:grid-cols-3">
      <Field label="Event Type">
        <Select value={filters.eventType} onChange={(e) => onChange({ ...filters, eventType: e.target.value })}>
          <option value="all">All Events</option>
          {AUDIT_EVENTS.map((ev) => (
            <option key={ev} value={ev}>
              {ev}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Search">
        <Input
          type="search"
          placeholder="Search logs..."
          value={filters.search}
          onChange={(e) => onChange({ ...filters, search: e.target.value })}
        />
      </Field>
      <Field label="Date">
        <Input type="date" value={filters.date} onChange={(e) => onChange({ ...filters, date: e.target.value })} />
      </Field>
    </div>
  )
}

function AuditLogs() {
  const [filters, setFilters] = useState<AuditFilters>({ eventType: 'all', search: '', date: '' })
  const logs = useQuery(auditLogsQueryOptions())
  const exportLogs = useMutation({
    mutationFn: exportAuditLogs,
    onSuccess: () => toast({ title: 'Success', description: 'Audit logs exported successfully' }),
    onError: () => toast({ title: 'Error', description: 'Failed to export logs', variant: 'destructive' }),
  })
  const entries = logs.data ?? []
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Audit Logs</h1>
        <div className="flex gap-2">
          <Button variant="secondary" disabled={logs.isFetching} onClick={() => void logs.refetch()}>
            Refresh
          </Button>
          <Button disabled={exportLogs.isPending} onClick={() => exportLogs.mutate(filters)}>
            Export
          </Button>
        </div>
      </div>
      <FilterBar filters={filters} onChange={setFilters} />
      {logs.isPending ? (
        <Spinner className="h-10 w-10" label="Loading audit logs" />
      ) : logs.isError ? (
        <p
          role="alert"
          className="rounded-lg border border-red-700/50 bg-red-500/10 p-3 text-red-300"
        >{`Failed to load audit logs: ${listErrorText(logs.error)}`}</p>
      ) : (
        <>
          <StatCards items={auditStats(entries)} />
          <AuditLogList entries={filterAuditLogs(entries, filters)} total={entries.length} />
        </>
      )}
    </div>
  )
}

export { AuditLogs }
