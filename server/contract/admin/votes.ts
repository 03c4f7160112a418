/** Vote population answer (admin-back-office §3 Vote population result, §7 POST /api/admin/populate-votes). */
import * as v from 'valibot'

/**
 * POST /api/admin/populate-votes, one call (admin-back-office §3): paused while more calls are needed, success when
 * done (spec: Vote population result). overallHotPercentage is 0-100 with one decimal; userIdRange reads 'first-last' ('' before any voter exists).
 */
export const PopulationResultSchema = v.object({
  success: v.boolean(),
  paused: v.boolean(),
  message: v.string(),
  mediaProcessed: v.number(),
  totalMediaCount: v.number(),
  totalVotesInserted: v.number(),
  usersCreated: v.number(),
  overallHotPercentage: v.number(),
  userIdRange: v.string(),
  /** The spec's failure text; this server answers a failure with an HTTP error instead, so it never sends it. */
  error: v.optional(v.string()),
})
export type PopulationResult = v.InferOutput<typeof PopulationResultSchema>
