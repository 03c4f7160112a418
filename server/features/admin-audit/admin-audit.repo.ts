/** Drizzle query on the audit log (admin-back-office §2 Audit Logs). */
import { and, desc, eq, like, sql } from 'drizzle-orm'
import type { Db } from '../../db/open'
import { auditLogs } from '../../db/schema'

/**
 * Audit rows newest first, narrowed by each filter given: event equality, timestamp prefix date (YYYY-MM-DD), and
 * lowerSearch found in the lower-cased event and context JSON.
 */
export const findAuditLogs = (db: Db, filter: { eventType?: string; date?: string; lowerSearch?: string }) =>
  db
    .select()
    .from(auditLogs)
    .where(
      and(
        filter.eventType ? eq(auditLogs.event, filter.eventType) : undefined,
        filter.date ? like(auditLogs.timestamp, `${filter.date}%`) : undefined,
        filter.lowerSearch ? sql`instr(lower(${auditLogs.event} || ' ' || ${auditLogs.context}), ${filter.lowerSearch}) > 0` : undefined,
      ),
    )
    .orderBy(desc(auditLogs.id))
    .all()
