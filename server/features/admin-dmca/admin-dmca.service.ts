/**
 * Takedown administration (admin-back-office §2 DMCA, §4; server-contract: Admin API): status changes follow the
 * allowed transitions (others 409); resolving hides the named media from rating, reopening shows it again;
 * every change writes DMCA_TAKEDOWN_UPDATED.
 */
import { desc, eq } from 'drizzle-orm'
import * as v from 'valibot'
import type { Deps } from '../../core/deps'
import { inTransaction } from '../../db/open'
import { dmcaTakedowns, media } from '../../db/schema'
import { DMCA_TRANSITIONS, type AdminDmca, type DmcaUpdateAnswer, type DmcaUpdateSchema } from '../../contract/admin/dmca'
import { writeAuditEvent } from '../../core/audit-log'
import { HttpError, mustFind } from '../../http/errors'

/** Every takedown, newest first. */
export const listTakedowns = (deps: Pick<Deps, 'db'>): AdminDmca[] =>
  deps.db.select().from(dmcaTakedowns).orderBy(desc(dmcaTakedowns.id)).all().map(({ goodFaithStatement, accuracyStatement, updatedAt, ...row }) => row)

/** Changes a takedown's status and notes. Throws HttpError 404 (unknown), 409 (transition not allowed). */
export function updateTakedown(deps: Pick<Deps, 'db' | 'clock' | 'config'>, id: number, update: v.InferOutput<typeof DmcaUpdateSchema>): DmcaUpdateAnswer {
  return inTransaction(deps.db, () => {
    const row = mustFind(deps.db.select().from(dmcaTakedowns).where(eq(dmcaTakedowns.id, id)).get(), 'Takedown')
    if (!DMCA_TRANSITIONS[row.status].includes(update.status)) throw new HttpError(409, `A ${row.status} takedown cannot become ${update.status}`)
    const now = deps.clock.now().toISOString()
    deps.db.update(dmcaTakedowns).set({ status: update.status, adminNotes: update.adminNotes, updatedAt: now }).where(eq(dmcaTakedowns.id, id)).run()
    if (row.mediaId !== null) deps.db.update(media).set({ hiddenAt: update.status === 'resolved' ? now : null }).where(eq(media.id, row.mediaId)).run()
    writeAuditEvent(deps, 'DMCA_TAKEDOWN_UPDATED', { id, referenceNumber: row.referenceNumber, from: row.status, to: update.status, mediaId: row.mediaId, by: deps.config.adminUsername })
    return { message: 'DMCA takedown updated successfully', id, status: update.status }
  })
}
