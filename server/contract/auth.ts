/** Email and magic-link shapes (public-visitor §3 Email validation result, §7; server-contract: Email and magic links). */
import * as v from 'valibot'
import { SessionIdSchema } from './session'

const EmailField = v.pipe(v.string('email must be a string'), v.maxLength(254, 'Please enter a valid email address'))

/** POST /api/validate-email body. */
export const EmailInputSchema = v.object({ email: EmailField })
/** POST /api/validate-email answer. */
export const EmailValidationSchema = v.object({ isValid: v.boolean(), errors: v.array(v.string()), suggestions: v.nullable(v.string()) })
export type EmailValidation = v.InferOutput<typeof EmailValidationSchema>

/** POST /api/auth/send-magic-link body. */
export const SendMagicLinkSchema = v.object({ email: EmailField, username: v.optional(v.string()), sessionId: SessionIdSchema })
/** POST /api/email-capture body. */
export const EmailCaptureSchema = v.object({ email: EmailField, sessionId: SessionIdSchema })
/** POST /api/auth/verify body: the token from the emailed link. */
export const VerifyTokenSchema = v.object({ token: v.pipe(v.string(), v.maxLength(200)) })
/**
 * POST /api/auth/link-info answer: whose account a usable token opens (username, the email with its local part masked,
 * e.g. `s***@example.com`), what it does, and whether the caller's sid cookie is the session that asked for the link.
 */
export const MagicLinkInfoSchema = v.object({
  username: v.string(),
  email: v.string(),
  purpose: v.picklist(['save', 'login']),
  sameSession: v.boolean(),
})
export type MagicLinkInfo = v.InferOutput<typeof MagicLinkInfoSchema>
/** POST /api/auth/verify answer: the session to store. */
export const VerifyAnswerSchema = v.object({ sessionId: v.string() })
export type VerifyAnswer = v.InferOutput<typeof VerifyAnswerSchema>
/** A plain {message} answer. */
export const MessageSchema = v.object({ message: v.string() })
export type Message = v.InferOutput<typeof MessageSchema>

/** Magic-link lifetime, ms (server-contract: 15 minutes). */
export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000
/** The codes of a failed verification (public-visitor §8). */
export const VERIFY_ERROR_CODES = ['invalid-token', 'expired-token', 'invalid-user', 'verification-failed'] as const
export type VerifyErrorCode = (typeof VERIFY_ERROR_CODES)[number]
