/**
 * Writes audit events (admin-back-office §3: the ten event types) into audit_logs.
 * Shared by every feature that deletes, purges, changes a takedown or starts the server.
 */
import type { Db } from '../db/open'
import { auditLogs } from '../db/schema'
import type { Clock } from './clock'
// The spec's ten event types (admin-back-office §3) live in the contract, so the audit screen offers the same list.
import type { AUDIT_EVENTS } from '../contract/admin/audit'

/** Events the issues add beyond the spec's ten (who, when and the figures of admin changes). */
export const EXTRA_AUDIT_EVENTS = ['VOTE_MULTIPLIER_UPDATED', 'DATABASE_RESET', 'MEDIA_IMPORT', 'VOTE_POPULATION_RUN'] as const
/** Every event writeAuditEvent accepts: the spec's ten and the extra ones. */
export type AuditEvent = (typeof AUDIT_EVENTS)[number] | (typeof EXTRA_AUDIT_EVENTS)[number]

/** Appends one event with its context object (stored as JSON) at clock.now(). */
export function writeAuditEvent(deps: { db: Db; clock: Clock }, event: AuditEvent, context: Record<string, unknown>): void {
  deps.db.insert(auditLogs).values({ event, timestamp: deps.clock.now().toISOString(), context: JSON.stringify(context) }).run()
}
