/** The admin login exchange (the back office trades the password once for a short-lived token). */
import * as v from 'valibot'

/** How long an admin token lives, ms (12 h). */
export const ADMIN_TOKEN_TTL_MS = 12 * 3600 * 1000

/** POST /api/admin/login JSON body; the same credentials may come as HTTP Basic instead (then the body is empty). */
export const AdminLoginInputSchema = v.object({
  username: v.pipe(v.string('username must be text'), v.maxLength(200)),
  password: v.pipe(v.string('password must be text'), v.maxLength(1000)),
})
export type AdminLoginInput = v.InferOutput<typeof AdminLoginInputSchema>

/** The login answer: when the token (set as an HttpOnly cookie) expires, ISO-8601 UTC. */
export const AdminLoginAnswerSchema = v.object({ expiresAt: v.string() })
export type AdminLoginAnswer = v.InferOutput<typeof AdminLoginAnswerSchema>
