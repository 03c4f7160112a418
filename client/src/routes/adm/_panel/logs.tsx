/** Route /adm/logs (admin-back-office §2 Audit Logs); not redirected without a token (PAGES_WITHOUT_REDIRECT). */
import { createFileRoute } from '@tanstack/react-router'
import { AuditLogs } from '@client/features/admin/audit/components/audit-logs'

export const Route = createFileRoute('/adm/_panel/logs')({ component: AuditLogs })
