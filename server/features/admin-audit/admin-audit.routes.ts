/** GET /api/admin/audit-logs (admin-back-office §7): filtered entries, or with export=true a dated JSON file. Mounted behind adminGuard. */
import { Elysia } from 'elysia'
import type { Deps } from '../../core/deps'
import { AuditLogsAnswerSchema, AuditQuerySchema } from '../../contract/admin/audit'
import { routes } from '../../contract/paths'
import { listAuditLogs } from './admin-audit.service'

/** The audit-log route. */
export const adminAuditRoutes = (deps: Deps) =>
  new Elysia().get(
    routes.adminAuditLogs,
    ({ query }) => {
      const logs = listAuditLogs(deps, query)
      if (query.export !== 'true') return logs
      const filename = `audit-logs-${deps.clock.now().toISOString().slice(0, 10)}.json`
      return new Response(JSON.stringify(logs, null, 2), { headers: { 'content-type': 'application/json', 'content-disposition': `attachment; filename="${filename}"` } })
    },
    { query: AuditQuerySchema, response: { 200: AuditLogsAnswerSchema }, detail: { summary: 'Audit log entries, filtered; export=true downloads audit-logs-YYYY-MM-DD.json', tags: ['admin'] } },
  )
