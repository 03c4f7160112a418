/** Views (public-visitor §4 Rating flow: a view is recorded when an item is shown). */
import type { Deps } from '../../core/deps'
import { mustFind } from '../../http/errors'
import { findMediaById } from '../../repositories/media.repository'
import { insertViewOnce } from '../../repositories/views.repository'

/** Records userId's view of mediaId once; throws HttpError 404 for unknown media. */
export async function recordView(deps: Pick<Deps, 'db' | 'clock'>, userId: number, mediaId: number): Promise<void> {
  mustFind(await findMediaById(deps.db, mediaId), 'Media')
  await insertViewOnce(deps.db, userId, mediaId, deps.clock.now().toISOString())
}
