/**
 * Random media for rating (server-contract: GET /api/media/random and /api/media/queue). Rejection sampling:
 * a uniformly random id in [min, max], one row lookup and one probe of the unique votes(user_id, media_id)
 * index, a few tries, then an exact query for visitors who have rated almost everything. Uniform over the
 * rateable items and about 0.01 ms a pick at 20k media / 1M votes (bench/random-pick.ts).
 */
import type { Deps } from '../../core/deps'
import type { RateMedia } from '../../contract/media'
import { HttpError } from '../../http/errors'
import { toVoteStats } from '../../ratings/vote-stats'
import { findRateableMediaById, findRateableMediaExact, mediaIdRange } from './media.repo'
import type { MediaRow } from '../../media/media-items.repo'
import { mediaDisplay, mediaUrl } from '../../media/media-url'

/** Random probes per wanted item before falling back to the exact query. */
const TRIES_PER_ITEM = 20

/** Up to count distinct rateable items for userId (visible, not own, not voted, not excluded), in random order; range: the media id range when the caller has it. */
export function pickRateableMedia(deps: Pick<Deps, 'db'>, userId: number, exclude: number[], count: number, range = mediaIdRange(deps.db)): MediaRow[] {
  const { min, max } = range
  if (min === null || max === null) return []
  const skip = new Set(exclude)
  const picked = new Map<number, MediaRow>()
  for (let i = 0; i < TRIES_PER_ITEM * count && picked.size < count; i++) {
    const id = min + Math.floor(Math.random() * (max - min + 1))
    if (skip.has(id) || picked.has(id)) continue
    const row = findRateableMediaById(deps.db, id, userId)
    if (!row) continue
    picked.set(id, row)
  }
  if (picked.size < count) {
    for (const row of findRateableMediaExact(deps.db, userId, [...skip, ...picked.keys()], count - picked.size)) picked.set(row.id, row)
  }
  return [...picked.values()]
}

/** A media row as the rate screen shows it, with actual vote figures. */
export function toRateMedia(row: MediaRow): RateMedia {
  return { id: row.id, url: mediaUrl(row.storageKey), mimeType: row.mimeType, size: row.size, width: row.width, height: row.height, ...toVoteStats(row.totalVotes, row.hotVotes), userHasVoted: false, ...mediaDisplay(row) }
}

/** One random item: null when the site has no media at all; HttpError 404 when the user has rated everything. */
export function pickRandomMedia(deps: Pick<Deps, 'db'>, userId: number, exclude: number[]): RateMedia | null {
  const range = mediaIdRange(deps.db)
  if (range.min === null) return null
  const [row] = pickRateableMedia(deps, userId, exclude, 1, range)
  if (!row) throw new HttpError(404, 'You have rated all the media we have right now')
  return toRateMedia(row)
}

/** Up to limit random items for the offline prefetch queue. */
export const pickMediaQueue = (deps: Pick<Deps, 'db'>, userId: number, exclude: number[], limit: number): RateMedia[] =>
  pickRateableMedia(deps, userId, exclude, limit).map(toRateMedia)
