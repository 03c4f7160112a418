/** User statistics shapes (public-visitor §3 Own-media stats item and User stats; server-contract: GET /api/users/:id/stats). */
import * as v from 'valibot'
import { idText } from './common'
import { MediaDisplaySchema } from './media'

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
  ...MediaDisplaySchema.entries,
})
export type OwnMediaStats = v.InferOutput<typeof OwnMediaStatsSchema>

/** GET /api/users/:id/stats: totals over the user's uploads and each upload's figures, newest first. */
export const UserStatsSchema = v.object({
  totalUploads: v.number(),
  totalVotes: v.number(),
  totalViews: v.number(),
  mediaStats: v.array(OwnMediaStatsSchema),
})
export type UserStats = v.InferOutput<typeof UserStatsSchema>

/** DELETE /api/media/:id query: the owner's user id (public-visitor §7). */
export const OwnerQuerySchema = v.object({
  userId: idText('userId'),
})

/** Username rule (server-contract: PATCH /api/users/:id): 3-30 of [A-Za-z0-9_-]. */
export const USERNAME_MIN = 3
export const USERNAME_MAX = 30
export const USERNAME_RULE = 'Username must be 3-30 characters: letters, digits, _ or -'
export const UsernameSchema = v.pipe(
  v.string(USERNAME_RULE),
  v.trim(),
  v.maxLength(USERNAME_MAX, USERNAME_RULE),
  v.regex(/^[A-Za-z0-9_-]{3,}$/, USERNAME_RULE),
)
export const EMAIL_RULE = 'Please enter a valid email address'

/**
 * Usernames kept for users that are not visitors: 'system-…' (the import owner, system-import) and
 * 'voter_…' (synthetic voters). A visitor can never take one, so creating those users never meets a taken name.
 */
export const RESERVED_USERNAME = /^(system-|voter_)/i
/** True when username is reserved for system or synthetic users (ignoring case). */
export const isReservedUsername = (username: string) => RESERVED_USERNAME.test(username.trim())

/** PATCH /api/users/:id body: only the changed fields. An empty email removes it. */
export const ProfileUpdateSchema = v.object({
  username: v.optional(UsernameSchema),
  email: v.optional(
    v.union(
      [v.literal(''), v.pipe(v.string(EMAIL_RULE), v.trim(), v.toLowerCase(), v.maxLength(254, EMAIL_RULE), v.email(EMAIL_RULE))],
      EMAIL_RULE,
    ),
  ),
})
export type ProfileUpdate = v.InferOutput<typeof ProfileUpdateSchema>

/** GET /api/users/check-username/:username answer. */
export const UsernameAvailabilitySchema = v.object({ available: v.boolean() })
export type UsernameAvailability = v.InferOutput<typeof UsernameAvailabilitySchema>
