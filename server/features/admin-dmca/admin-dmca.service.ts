/**
 * Takedown administration (admin-back-office §2 DMCA, §4; server-contract: Admin API): status changes follow the
 * allowed transitions (others 409); the named media is hidden from rating exactly while at least one resolved
 * takedown names it, so rejecting or reopening one takedown never shows an item another resolved takedown hides;
 * every change writes DMCA_TAKEDOWN_UPDATED.
 */
import * as v from 'valibot'
import type { Deps } from '../../core/deps'
import { inTransaction } from '../../db/open'
import { DMCA_TRANSITIONS, type AdminDmca, type DmcaUpdateAnswer, type DmcaUpdateSchema } from '../../contract/admin/dmca'
import type { Page, PageQuery } from '../../contract/admin/paging'
import { writeAuditEvent } from '../../core/audit-log'
import { HttpError, mustFind } from '../../http/errors'
import { countTakedowns, findTakedown, listTakedownRows, refreshMediaHidden, updateTakedownStatus } from './admin-dmca.repo'

/** A page of takedowns, newest first, and the number of takedowns. */
export const listTakedowns = (deps: Pick<Deps, 'db'>, { limit, offset }: PageQuery): Page<AdminDmca> => ({
  items: listTakedownRows(deps.db, limit, offset).map(({ goodFaithStatement, accuracyStatement, updatedAt, ...row }) => row),
  total: countTakedowns(deps.db),
})

/** Changes a takedown's status and notes. Throws HttpError 404 (unknown), 409 (transition not allowed). */
export function updateTakedown(deps: Pick<Deps, 'db' | 'clock' | 'config'>, id: number, update: v.InferOutput<typeof DmcaUpdateSchema>): DmcaUpdateAnswer {
  return inTransaction(deps.db, () => {
    const row = mustFind(findTakedown(deps.db, id), 'Takedown')
    if (!DMCA_TRANSITIONS[row.status].includes(update.status)) throw new HttpError(409, `A ${row.status} takedown cannot become ${update.status}`)
    const now = deps.clock.now().toISOString()
    updateTakedownStatus(deps.db, id, { status: update.status, adminNotes: update.adminNotes, updatedAt: now })
    if (row.mediaId !== null) refreshMediaHidden(deps.db, row.mediaId, now)
    writeAuditEvent(deps, 'DMCA_TAKEDOWN_UPDATED', { id, referenceNumber: row.referenceNumber, from: row.status, to: update.status, mediaId: row.mediaId, by: deps.config.adminUsername })
    return { message: 'DMCA takedown updated successfully', id, status: update.status }
  })
}
