/** User statistics shapes (public-visitor §3 Own-media stats item and User stats; server-contract: GET /api/users/:id/stats). */
import * as v from 'valibot'
import { IdSchema } from './common'

/** One of the user's uploads with what it received. size in bytes; uploadedAt ISO-8601 UTC; percentages whole numbers. */
export const OwnMediaStatsSchema = v.object({
  id: v.number(),
  url: v.string(),
  mimeType: v.string(),
  originalName: v.string(),
  size: v.number(),
  uploadedAt: v.string(),
  totalViews: v.number(),
  totalVotes: v.number(),
  hotPercentage: v.number(),
  notPercentage: v.number(),
})
export type OwnMediaStats = v.InferOutput<typeof OwnMediaStatsSchema>

/** GET /api/users/:id/stats: totals over the user's uploads and each upload's figures, newest first. */
export const UserStatsSchema = v.object({ totalUploads: v.number(), totalVotes: v.number(), totalViews: v.number(), mediaStats: v.array(OwnMediaStatsSchema) })
export type UserStats = v.InferOutput<typeof UserStatsSchema>

/** DELETE /api/media/:id query: the owner's user id (public-visitor §7). */
export const OwnerQuerySchema = v.object({ userId: v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/, 'userId must be a user id'), v.transform(Number), IdSchema) })
