/** Audit log shapes (admin-back-office §3 Audit log entry, audit event types; §7 GET /api/admin/audit-logs). */

/** The ten audit event types the spec names (admin-back-office §3); the audit screen offers them as filters. */
export const AUDIT_EVENTS = [
  'INACTIVE_USER_PURGE',
  'INACTIVE_ACCOUNTS_PURGE_COMPLETED',
  'ADMIN_DELETE_REQUEST',
  'ADMIN_DELETE_COMPLETED',
  'MEDIA_DELETE_REQUEST',
  'MEDIA_DELETE_COMPLETED',
  'DMCA_TAKEDOWN_CREATED',
  'DMCA_TAKEDOWN_UPDATED',
  'DEPLOYMENT_STARTUP',
  'DEPLOYMENT_FILE_SYSTEM_CHECK',
] as const

/** One audit entry: timestamp ISO-8601 UTC; context an object (or, from older writers, a string). */
export type AuditLogEntry = { id: number; event: string; timestamp: string; context: unknown }

/** The list answer: a plain array, or an object with the logs and an environment label (admin-back-office §3). */
export type AuditLogsAnswer = AuditLogEntry[] | { logs: AuditLogEntry[]; environment?: unknown }
