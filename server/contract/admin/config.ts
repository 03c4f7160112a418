/** Admin configuration shapes and rules (admin-back-office §3, §5, §9), with the messages the admin client shows. */
import * as v from 'valibot'
import { EmailCaptureConfigSchema } from '../public-config'

const isAbsoluteHttpUrl = (u: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(u).protocol)
  } catch {
    return false
  }
}
export const REDIRECT_URL_MESSAGE = 'Please enter a valid URL including http:// or https://'
const RedirectUrl = v.pipe(
  v.string(REDIRECT_URL_MESSAGE),
  v.trim(),
  v.check((u) => u === '' || isAbsoluteHttpUrl(u), REDIRECT_URL_MESSAGE),
)

/** Idle redirect time limits, seconds. */
export const IDLE_TIME_MIN = 30
export const IDLE_TIME_MAX = 3600
export const IdleRedirectInputSchema = v.object({
  idleRedirectTime: v.pipe(
    v.number('Idle redirect time must be at least 30 seconds'),
    v.integer('Idle redirect time must be at least 30 seconds'),
    v.minValue(IDLE_TIME_MIN, 'Idle redirect time must be at least 30 seconds'),
    v.maxValue(IDLE_TIME_MAX, 'Idle redirect time must be at most 3600 seconds'),
  ),
  idleRedirectUrl: RedirectUrl,
})
export type IdleRedirectInput = v.InferOutput<typeof IdleRedirectInputSchema>
export const BackButtonInputSchema = v.object({ backButtonUrl: RedirectUrl })
export type BackButtonInput = v.InferOutput<typeof BackButtonInputSchema>

/** A saved redirect row; createdAt ISO-8601 UTC. */
export const IdleRedirectConfigSchema = v.object({
  id: v.optional(v.number()),
  idleRedirectTime: v.number(),
  idleRedirectUrl: v.string(),
  isActive: v.boolean(),
  createdAt: v.nullable(v.string()),
})
export type IdleRedirectConfig = v.InferOutput<typeof IdleRedirectConfigSchema>
export const BackButtonConfigSchema = v.object({
  id: v.optional(v.number()),
  backButtonUrl: v.string(),
  isActive: v.boolean(),
  createdAt: v.nullable(v.string()),
})
export type BackButtonConfig = v.InferOutput<typeof BackButtonConfigSchema>

const zoneName = v.pipe(v.string('Zone name cannot be empty'), v.trim(), v.minLength(1, 'Zone name cannot be empty'), v.maxLength(100))
export const SKIP_URL_MESSAGE = 'Please enter a valid URL (e.g., https://example.com)'
export const AdZoneInputSchema = v.object({ zoneName, adCode: v.pipe(v.string(), v.maxLength(100_000)), isActive: v.boolean() })
export const SkipButtonInputSchema = v.object({
  zoneName,
  buttonText: v.pipe(v.string('Button text cannot be empty'), v.trim(), v.minLength(1, 'Button text cannot be empty'), v.maxLength(100)),
  buttonUrl: v.pipe(
    v.string(SKIP_URL_MESSAGE),
    v.trim(),
    v.check((u) => u === '' || isAbsoluteHttpUrl(u), SKIP_URL_MESSAGE),
  ),
  isActive: v.boolean(),
})
export type AdZoneInput = v.InferOutput<typeof AdZoneInputSchema>
export type SkipButtonInput = v.InferOutput<typeof SkipButtonInputSchema>
export const AdZoneConfigSchema = v.object({ zoneName: v.string(), adCode: v.string(), isActive: v.boolean(), updatedAt: v.string() })
export type AdZoneConfig = v.InferOutput<typeof AdZoneConfigSchema>
export const SkipButtonConfigSchema = v.object({
  zoneName: v.string(),
  buttonText: v.string(),
  buttonUrl: v.string(),
  isActive: v.boolean(),
  updatedAt: v.string(),
})
export type SkipButtonConfig = v.InferOutput<typeof SkipButtonConfigSchema>

export const EmailCaptureInputSchema = v.object({
  isEnabled: v.boolean(),
  voteThreshold: v.pipe(
    v.number('Vote threshold must be at least 1'),
    v.integer('Vote threshold must be at least 1'),
    v.minValue(1, 'Vote threshold must be at least 1'),
    v.maxValue(100, 'Vote threshold must be at most 100'),
  ),
})
export type EmailCaptureInput = v.InferOutput<typeof EmailCaptureInputSchema>
/** GET /api/admin/email-capture-config: the settings with their last update (ISO-8601 UTC, null before the first save). */
export const EmailCaptureSettingsSchema = v.object({ ...EmailCaptureConfigSchema.entries, updatedAt: v.nullable(v.string()) })
export type EmailCaptureSettings = v.InferOutput<typeof EmailCaptureSettingsSchema>
export const VoteMultiplierInputSchema = v.object({
  isEnabled: v.boolean(),
  multiplier: v.pipe(
    v.number('Vote multiplier must be greater than 0'),
    v.gtValue(0, 'Vote multiplier must be greater than 0'),
    v.maxValue(1000, 'Vote multiplier must be at most 1000'),
  ),
})
export type VoteMultiplierInput = v.InferOutput<typeof VoteMultiplierInputSchema>
/** The saved vote multiplier; updatedAt ISO-8601 UTC, null before the first save. */
export const VoteMultiplierConfigSchema = v.object({ isEnabled: v.boolean(), multiplier: v.number(), updatedAt: v.nullable(v.string()) })
export type VoteMultiplierConfig = v.InferOutput<typeof VoteMultiplierConfigSchema>
