/** Media reprocess shapes (`hotvote media reprocess`, POST /api/admin/media/reprocess). */
import * as v from 'valibot'
import { MAX_ID } from '../common'

/** Most items one reprocess call handles: a call stays well under a minute at about a second per 12 MP photo. */
export const MAX_REPROCESS_BATCH = 20

/** An ISO-8601 date or date-time; only media uploaded at or after it are considered. */
const SinceSchema = v.pipe(v.string(), v.isoTimestamp('since must be an ISO date such as 2026-11-01'))
const DateOrTimestampSchema = v.union([v.pipe(v.string(), v.isoDate()), SinceSchema], 'since must be an ISO date such as 2026-11-01')

/** Query of GET /api/admin/media/reprocess: how many items still lack the pipeline's outputs. */
export const ReprocessQuerySchema = v.object({ since: v.optional(DateOrTimestampSchema) })

const AFTER_ID_RULE = `afterId must be an integer from 0 to ${MAX_ID}`
const LIMIT_RULE = `limit must be an integer from 1 to ${MAX_REPROCESS_BATCH}`

/**
 * Body of POST /api/admin/media/reprocess: process up to limit (1-20, default 5) unprocessed items with id > afterId
 * (default 0), in id order. A caller repeats with the answer's lastId until remaining is 0.
 */
export const ReprocessInputSchema = v.object({
  since: v.optional(DateOrTimestampSchema),
  afterId: v.optional(
    v.pipe(v.number(AFTER_ID_RULE), v.integer(AFTER_ID_RULE), v.minValue(0, AFTER_ID_RULE), v.maxValue(MAX_ID, AFTER_ID_RULE)),
    0,
  ),
  limit: v.optional(
    v.pipe(v.number(LIMIT_RULE), v.integer(LIMIT_RULE), v.minValue(1, LIMIT_RULE), v.maxValue(MAX_REPROCESS_BATCH, LIMIT_RULE)),
    5,
  ),
})
export type ReprocessInput = v.InferOutput<typeof ReprocessInputSchema>

/** GET answer: pending is the number of unprocessed items (uploaded at or after since). */
export const ReprocessStatusSchema = v.object({ pending: v.number() })
export type ReprocessStatus = v.InferOutput<typeof ReprocessStatusSchema>

/**
 * POST answer: processed and failed counts of this call, each failure as `<id> <key>: <reason>`, lastId the last id
 * looked at (null when none), remaining the unprocessed items with a larger id.
 */
export const ReprocessAnswerSchema = v.object({
  processed: v.number(),
  failed: v.number(),
  errors: v.array(v.string()),
  lastId: v.nullable(v.number()),
  remaining: v.number(),
})
export type ReprocessAnswer = v.InferOutput<typeof ReprocessAnswerSchema>
