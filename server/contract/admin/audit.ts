/** Audit log shapes (admin-back-office §3 Audit log entry, audit event types; §7 GET /api/admin/audit-logs). */
import * as v from 'valibot'
import { PageQuerySchema } from './paging'

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
export const AuditLogEntrySchema = v.object({ id: v.number(), event: v.string(), timestamp: v.string(), context: v.unknown() })
export type AuditLogEntry = v.InferOutput<typeof AuditLogEntrySchema>

/**
 * The list answer: a plain array (what this server sends), or an object with the logs and an environment label
 * (admin-back-office §3 allows both, so the client reads either).
 */
export const AuditLogsAnswerSchema = v.union([
  v.array(AuditLogEntrySchema),
  v.object({ logs: v.array(AuditLogEntrySchema), environment: v.optional(v.unknown()) }),
])
export type AuditLogsAnswer = v.InferOutput<typeof AuditLogsAnswerSchema>

/** Query of GET /api/admin/audit-logs: filters (all optional), the page (contract/admin/paging), and export=true for a dated file of every match. */
export const AuditQuerySchema = v.object({
  ...PageQuerySchema.entries,
  eventType: v.optional(v.pipe(v.string(), v.maxLength(100))),
  search: v.optional(v.pipe(v.string(), v.maxLength(200))),
  date: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD'))),
  export: v.optional(v.picklist(['true', 'false'])),
})
export type AuditQuery = v.InferOutput<typeof AuditQuerySchema>
