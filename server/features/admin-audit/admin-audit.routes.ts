/** GET /api/admin/audit-logs (admin-back-office §7): a page of filtered entries, or with export=true all of them as a dated JSON file. Mounted behind adminGuard. */
import { Elysia } from 'elysia'
import type { Deps } from '../../core/deps'
import { AuditLogsAnswerSchema, AuditQuerySchema, type AuditLogEntry } from '../../contract/admin/audit'
import { routes } from '../../contract/paths'
import { answerPage } from '../../http/paging'
import { exportAuditLogs, listAuditLogs } from './admin-audit.service'

/** The audit-log route. */
export const adminAuditRoutes = (deps: Deps) =>
  new Elysia().get(
    routes.adminAuditLogs,
    ({ query, set }) => {
      // Two promises, not one async handler: Elysia accepts a promise of either answer, not a promise of both.
      if (query.export !== 'true') {
        const entries: Promise<AuditLogEntry[]> = listAuditLogs(deps, query, query).then((page) => answerPage(set, page))
        return entries
      }
      const filename = `audit-logs-${deps.clock.now().toISOString().slice(0, 10)}.json`
      const headers = { 'content-type': 'application/json', 'content-disposition': `attachment; filename="${filename}"` }
      const file: Promise<Response> = exportAuditLogs(deps, query).then((all) => new Response(JSON.stringify(all, null, 2), { headers }))
      return file
    },
    {
      query: AuditQuerySchema,
      response: { 200: AuditLogsAnswerSchema },
      detail: {
        summary:
          'A page of audit log entries, filtered, newest first, with X-Total-Count and X-Next-Cursor; export=true downloads every matching entry as audit-logs-YYYY-MM-DD.json',
        tags: ['admin'],
      },
    },
  )
