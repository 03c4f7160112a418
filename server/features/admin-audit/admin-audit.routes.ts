/** GET /api/admin/audit-logs (admin-back-office §7): filtered entries, or with export=true a dated JSON file. Mounted behind adminGuard. */
import { Elysia } from 'elysia'
import * as v from 'valibot'
import type { Deps } from '../../deps'
import { listAuditLogs } from './admin-audit.service'

const AuditQuerySchema = v.object({
  eventType: v.optional(v.pipe(v.string(), v.maxLength(100))),
  search: v.optional(v.pipe(v.string(), v.maxLength(200))),
  date: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD'))),
  export: v.optional(v.picklist(['true', 'false'])),
})

/** The audit-log route. */
export const adminAuditRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/admin' }).get(
    '/audit-logs',
    ({ query }) => {
      const logs = listAuditLogs(deps, query)
      if (query.export !== 'true') return logs
      const filename = `audit-logs-${deps.clock.now().toISOString().slice(0, 10)}.json`
      return new Response(JSON.stringify(logs, null, 2), { headers: { 'content-type': 'application/json', 'content-disposition': `attachment; filename="${filename}"` } })
    },
    { query: AuditQuerySchema, detail: { summary: 'Audit log entries, filtered; export=true downloads audit-logs-YYYY-MM-DD.json', tags: ['admin'] } },
  )
