/**
 * Audit events (admin-back-office §3: the ten event types) as rows of audit_logs (server/repositories/audit.repository.ts).
 * Shared by every feature that deletes, purges, changes a takedown or starts the server.
 */
import type { Database } from '../db/database'
import { insertAuditRow, type AuditRow } from '../repositories/audit.repository'
import type { Clock } from './clock'
// The spec's ten event types (admin-back-office §3) live in the contract, so the audit screen offers the same list.
import type { AUDIT_EVENTS } from '../contract/admin/audit'

/** Events the issues add beyond the spec's ten (who, when and the figures of admin changes). */
export const EXTRA_AUDIT_EVENTS = [
  'VOTE_MULTIPLIER_UPDATED',
  'DATABASE_RESET',
  'MEDIA_IMPORT',
  'VOTE_POPULATION_RUN',
  'NEAR_DUPLICATES_RESOLVED',
  'NEAR_DUPLICATES_DISMISSED',
  'NEAR_COPY_SHOWN',
] as const
/** Every event writeAuditEvent accepts: the spec's ten and the extra ones. */
export type AuditEvent = (typeof AUDIT_EVENTS)[number] | (typeof EXTRA_AUDIT_EVENTS)[number]

/** The row of one event with its context object (stored as JSON) at clock.now(), for a repository transaction that audits what it changes. */
export const auditRow = (deps: { clock: Clock }, event: AuditEvent, context: Record<string, unknown>): AuditRow => ({
  event,
  timestamp: deps.clock.now().toISOString(),
  context: JSON.stringify(context),
})

/** Appends one event with its context object (stored as JSON) at clock.now(). */
export const writeAuditEvent = (deps: { db: Database; clock: Clock }, event: AuditEvent, context: Record<string, unknown>): Promise<void> =>
  insertAuditRow(deps.db, auditRow(deps, event, context))
