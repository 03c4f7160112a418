/** Public configuration reads and their defaults (public-visitor §3 Configs, server-contract: Public configuration). */
import * as v from 'valibot'

/**
 * GET /api/site-settings; analyticsId is ANALYTICS_ID (null: no third-party tag is loaded); mediaBaseUrl is
 * MEDIA_PUBLIC_URL ending in `/`, the base media URLs may start with besides the app's own (null: media come from the
 * app only), which the service worker caches like the app's (client/src/sw.ts).
 */
export const SiteSettingsSchema = v.object({
  siteName: v.string(),
  useLogo: v.boolean(),
  logoType: v.string(),
  analyticsId: v.nullable(v.string()),
  mediaBaseUrl: v.nullable(v.string()),
})
export type SiteSettings = v.InferOutput<typeof SiteSettingsSchema>
export const DEFAULT_SITE_SETTINGS: Omit<SiteSettings, 'analyticsId' | 'mediaBaseUrl'> = {
  siteName: 'HotVote',
  useLogo: false,
  logoType: 'default',
}

/** GET /api/vote-multiplier-config. Displayed total = round(actual x multiplier) when enabled. */
export const VoteMultiplierSchema = v.object({ isEnabled: v.boolean(), multiplier: v.number() })
export type VoteMultiplier = v.InferOutput<typeof VoteMultiplierSchema>
export const DEFAULT_VOTE_MULTIPLIER: VoteMultiplier = { isEnabled: false, multiplier: 1 }

/** GET /api/email-capture-config. */
export const EmailCaptureConfigSchema = v.object({ isEnabled: v.boolean(), voteThreshold: v.number() })
export type EmailCaptureConfig = v.InferOutput<typeof EmailCaptureConfigSchema>
export const DEFAULT_EMAIL_CAPTURE: EmailCaptureConfig = { isEnabled: false, voteThreshold: 5 }

/** GET /api/ad-config/skip-button. */
export const SkipButtonSchema = v.object({ buttonUrl: v.string(), buttonText: v.string(), isActive: v.boolean() })
export type SkipButton = v.InferOutput<typeof SkipButtonSchema>
export const DEFAULT_SKIP_BUTTON_TEXT = 'Skip this photo'
export const DEFAULT_SKIP_BUTTON: SkipButton = { buttonUrl: '', buttonText: DEFAULT_SKIP_BUTTON_TEXT, isActive: true }

/** GET /api/ad-config/:zoneId. */
export const AdZoneSchema = v.object({ adCode: v.string(), isActive: v.boolean() })
export type AdZone = v.InferOutput<typeof AdZoneSchema>

/** GET /api/idle-redirect-config. idleRedirectTime in seconds; empty URLs mean off. */
export const IdleRedirectSchema = v.object({
  enabled: v.boolean(),
  idleRedirectTime: v.number(),
  idleRedirectUrl: v.string(),
  backButtonUrl: v.string(),
})
export type IdleRedirect = v.InferOutput<typeof IdleRedirectSchema>
export const DEFAULT_IDLE_REDIRECT_TIME = 300
