/**
 * Random media to vote on (server-contract: GET /api/media/random and /api/media/queue). Rejection sampling:
 * a uniformly random id over the id range (findRandomRateableMedia), one row lookup and one probe of the unique
 * votes(user_id, media_id) index in one statement, a few tries, then an exact query for visitors who have rated almost
 * everything. Uniform over the rateable items; bench/random-pick.ts measures a pick (docs/performance.md). The random
 * item's first probe goes with its session lookup, one statement on PostgreSQL.
 */
import type { Deps } from '../../core/deps'
import type { Config } from '../../config'
import type { RateMedia } from '../../contract/media'
import { HttpError } from '../../http/errors'
import { toVoteStats } from '../../media/vote-stats'
import {
  findRandomRateableMedia,
  findRateableMediaExact,
  findVisitorAndRandomRateableMedia,
  mediaIdRange,
  type RateableRow,
} from '../../repositories/media.repository'
import { requireOwnSession } from '../../http/session-user'
import { mediaLinks } from '../../media/media-url'
import { andThen, type MaybePromise } from '../../core/maybe-promise'

/** Random probes per wanted item before falling back to the exact query. */
const TRIES_PER_ITEM = 20

/**
 * Up to count distinct rateable items for userId (visible, not own, not voted, not excluded), in random order.
 * first, when given, is the answer of a probe already made (findVisitorAndRandomRateableMedia): it counts as the first try.
 */
export async function pickRateableMedia(
  deps: Pick<Deps, 'db'>,
  userId: number,
  exclude: number[],
  count: number,
  first?: { row: RateableRow | undefined },
): Promise<RateableRow[]> {
  const skip = new Set(exclude)
  const picked = new Map<number, RateableRow>()
  for (let i = 0; i < TRIES_PER_ITEM * count && picked.size < count; i++) {
    const row = i === 0 && first ? first.row : await findRandomRateableMedia(deps.db, Math.random(), userId)
    if (!row || skip.has(row.id) || picked.has(row.id)) continue
    picked.set(row.id, row)
  }
  if (picked.size < count) {
    for (const row of await findRateableMediaExact(deps.db, userId, [...skip, ...picked.keys()], count - picked.size))
      picked.set(row.id, row)
  }
  return [...picked.values()]
}

/** A media row as the rate screen shows it, with actual vote figures. */
export function toRateMedia(config: Pick<Config, 'mediaEdge'>, row: RateableRow): RateMedia {
  return {
    id: row.id,
    mimeType: row.mimeType,
    size: row.size,
    width: row.width,
    height: row.height,
    ...toVoteStats(row.totalVotes, row.hotVotes),
    userHasVoted: false,
    ...mediaLinks(config, row),
  }
}

/**
 * One random item for userId, whose session sessionHash must be (server/http/session-user.ts): the session lookup and
 * the first probe go together. null when the site has no media at all; HttpError 401 for an unknown session, 403
 * when userId is not the session's user, 404 when the user has rated everything. On SQLite a first probe that hits
 * is answered at once, without a promise (server/core/maybe-promise.ts).
 */
export function pickRandomMedia(
  deps: Pick<Deps, 'db' | 'config'>,
  sessionHash: string,
  userId: number,
  exclude: number[],
): MaybePromise<RateMedia | null> {
  return andThen(findVisitorAndRandomRateableMedia(deps.db, sessionHash, Math.random(), userId), ({ visitorId, row }) => {
    requireOwnSession(visitorId, userId)
    return row && !exclude.includes(row.id) ? toRateMedia(deps.config, row) : pickAfterMiss(deps, userId, exclude, row)
  })
}

/** pickRandomMedia after a first probe that missed (probed: its row, undefined or excluded). */
async function pickAfterMiss(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: number,
  exclude: number[],
  probed: RateableRow | undefined,
): Promise<RateMedia | null> {
  const [row] = await pickRateableMedia(deps, userId, exclude, 1, { row: probed })
  if (row) return toRateMedia(deps.config, row)
  if ((await mediaIdRange(deps.db)).min === null) return null
  throw new HttpError(404, 'You have rated all the media we have right now')
}

/** Up to limit random items for the offline prefetch queue. */
export const pickMediaQueue = async (
  deps: Pick<Deps, 'db' | 'config'>,
  userId: number,
  exclude: number[],
  limit: number,
): Promise<RateMedia[]> => (await pickRateableMedia(deps, userId, exclude, limit)).map((row) => toRateMedia(deps.config, row))
