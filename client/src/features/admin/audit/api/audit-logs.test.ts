import { describe, expect, it } from 'bun:test'
import type { AuditLogEntry } from '@contract/admin/audit'
import { auditEntriesOf, auditExportQuery, filterAuditLogs } from './audit-logs'

const entries: AuditLogEntry[] = [
  { id: 3, event: 'DMCA_TAKEDOWN_CREATED', timestamp: '2026-11-22T10:00:00.000Z', context: { complainantEmail: 'Ada@Example.com' } },
  { id: 2, event: 'MEDIA_DELETE_COMPLETED', timestamp: '2026-11-21T09:00:00.000Z', context: 'media 7 deleted by its owner' },
  { id: 1, event: 'DEPLOYMENT_STARTUP', timestamp: '2026-11-21T08:00:00.000Z', context: { port: 3000 } },
]
const none = { eventType: 'all', search: '', date: '' }
const ids = (list: AuditLogEntry[]) => list.map((e) => e.id)

describe('filterAuditLogs', () => {
  it('keeps every entry without filters', () => {
    expect(ids(filterAuditLogs(entries, none))).toEqual([3, 2, 1])
  })

  it('keeps only the chosen event', () => {
    expect(ids(filterAuditLogs(entries, { ...none, eventType: 'MEDIA_DELETE_COMPLETED' }))).toEqual([2])
  })

  it('matches the search text case-insensitively anywhere in the serialised entry', () => {
    expect(ids(filterAuditLogs(entries, { ...none, search: 'ada@example' }))).toEqual([3])
    expect(ids(filterAuditLogs(entries, { ...none, search: 'OWNER' }))).toEqual([2])
    expect(ids(filterAuditLogs(entries, { ...none, search: '"port":3000' }))).toEqual([1])
  })

  it('keeps entries whose timestamp starts with the date, combined with the other filters', () => {
    expect(ids(filterAuditLogs(entries, { ...none, date: '2026-11-21' }))).toEqual([2, 1])
    expect(ids(filterAuditLogs(entries, { eventType: 'DEPLOYMENT_STARTUP', search: '', date: '2026-11-22' }))).toEqual([])
  })
})

describe('auditEntriesOf', () => {
  it('reads a plain array or the logs of {logs, environment}', () => {
    expect(auditEntriesOf(entries)).toBe(entries)
    expect(auditEntriesOf({ logs: entries, environment: 'production' })).toBe(entries)
  })
})

describe('auditExportQuery', () => {
  it('omits eventType for all and empty filters, and always asks for the export', () => {
    expect(auditExportQuery(none)).toBe('export=true')
  })

  it('sends the chosen filters', () => {
    expect(auditExportQuery({ eventType: 'DMCA_TAKEDOWN_CREATED', search: ' ada ', date: '2026-11-22' })).toBe(
      'eventType=DMCA_TAKEDOWN_CREATED&search=ada&date=2026-11-22&export=true',
    )
  })
})
