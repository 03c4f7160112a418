/**
 * Email-capture configuration (admin-back-office §3, §7 email-capture-config, §9): read with a 10-minute cache; a save
 * also refreshes the public email-capture query the rate screen reads (lib/public-config-queries). Fetchers throw ApiError.
 */
import { queryOptions } from '@tanstack/react-query'
import type { EmailCaptureConfig } from '@contract/public-config'
import type { EmailCaptureSettings } from '@contract/admin/config'
import { paths } from '@contract/paths'
import { adminFetch } from '@client/features/admin/shell/api/admin-api'
import { numberOr } from '../validate'

/** How long the admin page keeps the configuration, ms (admin-back-office §9). */
export const EMAIL_CAPTURE_ADMIN_STALE_MS = 10 * 60 * 1000
/** Query key of the admin read. */
export const EMAIL_CAPTURE_KEY = ['admin', 'email-capture'] as const

/** The threshold typed in the input: an unparsable entry becomes 1 (admin-back-office §5). */
export const parseThreshold = (text: string) => numberOr(Number.parseInt(text, 10), 1)

/** {isEnabled, voteThreshold, updatedAt} (defaults, updatedAt null, before the first save). */
export const getEmailCaptureConfig = () => adminFetch<EmailCaptureSettings>(paths.adminConfig('email-capture'))
/** Saves the settings; answers them. 400 'Vote threshold must be at least 1' below 1. */
export const saveEmailCaptureConfig = (input: EmailCaptureConfig) =>
  adminFetch<EmailCaptureConfig>(paths.adminConfig('email-capture'), { method: 'POST', json: input })
/** The admin read, key EMAIL_CAPTURE_KEY, kept EMAIL_CAPTURE_ADMIN_STALE_MS. */
export const emailCaptureAdminQueryOptions = () =>
  queryOptions({ queryKey: EMAIL_CAPTURE_KEY, queryFn: getEmailCaptureConfig, staleTime: EMAIL_CAPTURE_ADMIN_STALE_MS })
