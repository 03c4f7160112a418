/** Vote shapes (public-visitor §3 Vote, server-contract: POST /api/votes). */
import * as v from 'valibot'
import { IdSchema } from './common'
import { VoteStatsSchema } from './media'

/** POST /api/votes body. */
export const VoteInputSchema = v.object({ userId: IdSchema, mediaId: IdSchema, isHot: v.boolean('isHot must be true or false') })
export type VoteInput = v.InferOutput<typeof VoteInputSchema>

/** The stored vote. createdAt ISO-8601 UTC. */
export const VoteSchema = v.object({ id: v.number(), userId: v.number(), mediaId: v.number(), isHot: v.boolean(), createdAt: v.string() })

/** POST /api/votes answer: the (first) vote and the item's actual figures. */
export const VoteAnswerSchema = v.object({ vote: VoteSchema, stats: VoteStatsSchema })
export type VoteAnswer = v.InferOutput<typeof VoteAnswerSchema>
