/** Views (public-visitor §4 Rating flow: a view is recorded when an item is shown). */
import type { Deps } from '../../core/deps'
import { HttpError, mustFind, NO_SESSION } from '../../http/errors'
import { isMissingReference } from '../../db/database'
import { findMediaById } from '../../repositories/media.repository'
import { insertViewOnce } from '../../repositories/views.repository'

/**
 * Records userId's view of mediaId once; throws HttpError 404 for unknown media (also when deleted while the view was
 * written), 401 when the user was deleted after its session was checked.
 */
export async function recordView(deps: Pick<Deps, 'db' | 'clock'>, userId: number, mediaId: number): Promise<void> {
  mustFind(await findMediaById(deps.db, mediaId), 'Media')
  try {
    await insertViewOnce(deps.db, userId, mediaId, deps.clock.now().toISOString())
  } catch (e) {
    if (!isMissingReference(e)) throw e
    mustFind(await findMediaById(deps.db, mediaId), 'Media')
    throw new HttpError(401, NO_SESSION)
  }
}
