/** A RateMedia item for unit tests (server-contract: GET /api/media/queue): an unprocessed 1x1 JPEG with no votes, as overrides change it. */
import type { RateMedia } from '../../server/contract/media'

/** The item of id, with overrides. */
export const rateMedia = (id: number, overrides: Partial<RateMedia> = {}): RateMedia => ({
  id,
  url: `/api/media/file/${id}`,
  mimeType: 'image/jpeg',
  size: 1,
  width: 1,
  height: 1,
  totalVotes: 0,
  hotPercentage: 0,
  notPercentage: 0,
  userHasVoted: false,
  placeholder: null,
  variants: [],
  posterUrl: null,
  smallVideo: null,
  ...overrides,
})
