/** GET /api/admin/audit-logs (admin-back-office §7): a page of filtered entries, or with export=true all of them as a dated JSON file. Mounted behind adminGuard. */
import { Elysia } from 'elysia'
import type { Deps } from '../../core/deps'
import { AuditLogsAnswerSchema, AuditQuerySchema } from '../../contract/admin/audit'
import { routes } from '../../contract/paths'
import { answerPage } from '../../http/paging'
import { exportAuditLogs, listAuditLogs } from './admin-audit.service'

/** The audit-log route. */
export const adminAuditRoutes = (deps: Deps) =>
  new Elysia().get(
    routes.adminAuditLogs,
    ({ query, set }) => {
      if (query.export !== 'true') return listAuditLogs(deps, query, query).then((page) => answerPage(set, page))
      const filename = `audit-logs-${deps.clock.now().toISOString().slice(0, 10)}.json`
      const headers = { 'content-type': 'application/json', 'content-disposition': `attachment; filename="${filename}"` }
      return exportAuditLogs(deps, query).then((entries) => new Response(JSON.stringify(entries, null, 2), { headers }))
    },
    {
      query: AuditQuerySchema,
      response: { 200: AuditLogsAnswerSchema },
      detail: { summary: 'A page of audit log entries, filtered, with X-Total-Count; export=true downloads every matching entry as audit-logs-YYYY-MM-DD.json', tags: ['admin'] },
    },
  )
