/**
 * Takedown administration (admin-back-office §2 DMCA, §4; server-contract: Admin API): status changes follow the
 * allowed transitions (others 409); the named media is hidden from voting exactly while at least one resolved
 * takedown names it, so rejecting or reopening one takedown never shows an item another resolved takedown hides;
 * every change writes DMCA_TAKEDOWN_UPDATED.
 */
import type * as v from 'valibot'
import type { Deps } from '../../core/deps'
import { DMCA_TRANSITIONS, type AdminDmca, type DmcaUpdateAnswer, type DmcaUpdateSchema } from '../../contract/admin/dmca'
import type { Page, PageQuery } from '../../contract/admin/paging'
import { auditRow } from '../../core/audit-log'
import { HttpError, mustFind } from '../../http/errors'
import { readPage } from '../../http/paging'
import { syncMediaVisibility } from '../../media/media-edge'
import { changeTakedownStatus, countTakedowns, listTakedownRows } from '../../repositories/takedowns.repository'

/** A page of takedowns, newest first, the number of takedowns and the next page's cursor. */
export async function listTakedowns(deps: Pick<Deps, 'db'>, page: PageQuery): Promise<Page<AdminDmca>> {
  const { rows, next } = await readPage(
    page,
    (p) => listTakedownRows(deps.db, p),
    (row) => row.id,
  )
  return {
    items: rows.map(({ goodFaithStatement, accuracyStatement, updatedAt, ...row }) => row),
    total: await countTakedowns(deps.db),
    next,
  }
}

/**
 * Changes a takedown's status and notes, its media's visibility and the audit log in one transaction, then makes the
 * media's objects follow its visibility at the edge (syncMediaVisibility). Throws HttpError 404 (unknown), 409
 * (transition not allowed).
 */
export async function updateTakedown(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'storage'>,
  id: number,
  update: v.InferOutput<typeof DmcaUpdateSchema>,
): Promise<DmcaUpdateAnswer> {
  const changed = await changeTakedownStatus(deps.db, id, {
    values: { status: update.status, adminNotes: update.adminNotes, updatedAt: deps.clock.now().toISOString() },
    check: (row) => {
      if (!DMCA_TRANSITIONS[row.status].includes(update.status))
        throw new HttpError(409, `A ${row.status} takedown cannot become ${update.status}`)
    },
    audit: (row) =>
      auditRow(deps, 'DMCA_TAKEDOWN_UPDATED', {
        id,
        referenceNumber: row.referenceNumber,
        from: row.status,
        to: update.status,
        mediaId: row.mediaId,
        by: deps.config.adminUsername,
      }),
  })
  const { mediaId } = mustFind(changed, 'Takedown')
  if (mediaId !== null) await syncMediaVisibility(deps, mediaId)
  return { message: 'DMCA takedown updated successfully', id, status: update.status }
}
