/** Visitor session shapes (public-visitor §3 Session and User, server-contract: Visitor session). */
import * as v from 'valibot'

/** Session id: 16-64 characters of [0-9a-z]; the client makes 32 (public-visitor §9). */
export const SESSION_ID_LENGTH = 32
export const SessionIdSchema = v.pipe(v.string(), v.regex(/^[0-9a-z]{16,64}$/, 'sessionId must be 16-64 characters of 0-9 and a-z'))

/** A new session id: SESSION_ID_LENGTH base-36 characters from crypto.getRandomValues (public-visitor §9). */
export function generateSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(SESSION_ID_LENGTH))
  return Array.from(bytes, (b) => (b % 36).toString(36)).join('')
}

/** A coordinate named name in degrees, -limit..limit; anything else fails with a message naming the field. */
const degrees = (name: string, limit: number) => {
  const rule = `${name} must be a number from -${limit} to ${limit}`
  return v.pipe(v.number(rule), v.minValue(-limit, rule), v.maxValue(limit, rule))
}

/** POST /api/session body. latitude/longitude in degrees. */
export const SessionInputSchema = v.object({
  sessionId: SessionIdSchema,
  username: v.optional(v.pipe(v.string(), v.maxLength(30, 'username must be at most 30 characters'))),
  latitude: v.optional(degrees('latitude', 90)),
  longitude: v.optional(degrees('longitude', 180)),
})
export type SessionInput = v.InferOutput<typeof SessionInputSchema>

/** The session user answered by GET and POST /api/session. createdAt ISO-8601 UTC. */
export const SessionUserSchema = v.object({
  id: v.number(),
  sessionId: v.string(),
  username: v.string(),
  email: v.nullable(v.string()),
  emailVerified: v.boolean(),
  createdAt: v.string(),
  latitude: v.nullable(v.number()),
  longitude: v.nullable(v.number()),
})
export type SessionUser = v.InferOutput<typeof SessionUserSchema>
