/** listAuditLogs and exportAuditLogs on a real database: event, search and date filters, newest first, paged counts, parsed context. */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { makeTestDeps } from '../../../tests/support/test-app'
import { writeAuditEvent } from '../../core/audit-log'
import { exportAuditLogs, listAuditLogs } from './admin-audit.service'

const t = makeTestDeps()
afterAll(t.cleanup)
beforeAll(async () => {
  t.clock.set(new Date('2026-11-20T10:00:00.000Z'))
  await writeAuditEvent(t.deps, 'DMCA_TAKEDOWN_CREATED', { referenceNumber: 'DMCA-20261120-AAAAAA' })
  t.clock.set(new Date('2026-11-21T10:00:00.000Z'))
  await writeAuditEvent(t.deps, 'ADMIN_DELETE_REQUEST', { mediaId: 7, originalName: 'Sunset.JPG' })
  t.clock.set(new Date('2026-11-21T11:00:00.000Z'))
  await writeAuditEvent(t.deps, 'ADMIN_DELETE_COMPLETED', { mediaId: 7, originalName: 'Sunset.JPG' })
})

describe('listAuditLogs', () => {
  it('pages every entry newest first with the total, its context parsed back to an object', async () => {
    const page = await listAuditLogs(t.deps, {}, { limit: 2, offset: 0 })
    expect(page.total).toBe(3)
    expect(page.items.map((e) => e.event)).toEqual(['ADMIN_DELETE_COMPLETED', 'ADMIN_DELETE_REQUEST'])
    expect(page.items[0]).toMatchObject({ timestamp: '2026-11-21T11:00:00.000Z', context: { mediaId: 7, originalName: 'Sunset.JPG' } })
  })

  it('filters by event type, by search text ignoring case over event and context, and by date', async () => {
    const events = async (filter: Parameters<typeof listAuditLogs>[1]) =>
      (await listAuditLogs(t.deps, filter, { limit: 10, offset: 0 })).items.map((e) => e.event)
    expect(await events({ eventType: 'ADMIN_DELETE_REQUEST' })).toEqual(['ADMIN_DELETE_REQUEST'])
    expect(await events({ search: 'sunset.jpg' })).toEqual(['ADMIN_DELETE_COMPLETED', 'ADMIN_DELETE_REQUEST'])
    expect(await events({ search: 'dmca_takedown' })).toEqual(['DMCA_TAKEDOWN_CREATED'])
    expect(await events({ date: '2026-11-20' })).toEqual(['DMCA_TAKEDOWN_CREATED'])
    expect((await listAuditLogs(t.deps, { date: '2026-11-21', search: 'completed' }, { limit: 10, offset: 0 })).total).toBe(1)
  })
})

describe('exportAuditLogs', () => {
  it('answers every matching entry, unpaged', async () => {
    expect((await exportAuditLogs(t.deps, { date: '2026-11-21' })).map((e) => e.event)).toEqual([
      'ADMIN_DELETE_COMPLETED',
      'ADMIN_DELETE_REQUEST',
    ])
  })
})
