/** Views (public-visitor §4 Rating flow: a view is recorded when an item is shown). */
import type { Deps } from '../../core/deps'
import { mustFind } from '../../http/errors'
import { findMediaById } from '../../media/media-items.repo'
import { insertViewOnce } from './media.repo'

/** Records userId's view of mediaId once; throws HttpError 404 for unknown media. */
export function recordView(deps: Pick<Deps, 'db' | 'clock'>, userId: number, mediaId: number): void {
  mustFind(findMediaById(deps.db, mediaId), 'Media')
  insertViewOnce(deps.db, userId, mediaId, deps.clock.now().toISOString())
}
