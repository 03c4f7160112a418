/**
 * The public configuration reads (public-visitor §7, §9 config caches) as TanStack query options. They live in lib/
 * because the visitor features read them and the back office refreshes them after a save, so both take the keys from
 * here (STYLE §2: keys come from their options factories, never retyped). Fetchers throw ApiError.
 */
import { queryOptions } from '@tanstack/react-query'
import type { AdZone, EmailCaptureConfig, IdleRedirect, SkipButton, VoteMultiplier } from '@contract/public-config'
import { apiFetch } from './api-client'

/** Cache of the vote multiplier and email-capture configs, ms (30 min). */
export const LONG_CONFIG_STALE_MS = 30 * 60 * 1000
/** Cache of the ad, skip button and idle redirect configs, ms (5 min). */
export const SHORT_CONFIG_STALE_MS = 5 * 60 * 1000

/** GET /api/vote-multiplier-config. */
export const voteMultiplierQueryOptions = () =>
  queryOptions({ queryKey: ['/api/vote-multiplier-config'], queryFn: () => apiFetch<VoteMultiplier>('/api/vote-multiplier-config'), staleTime: LONG_CONFIG_STALE_MS })

/** GET /api/email-capture-config. */
export const emailCaptureQueryOptions = () =>
  queryOptions({ queryKey: ['/api/email-capture-config'], queryFn: () => apiFetch<EmailCaptureConfig>('/api/email-capture-config'), staleTime: LONG_CONFIG_STALE_MS })

/** GET /api/idle-redirect-config: the idle and back-button redirects. */
export const idleRedirectQueryOptions = () =>
  queryOptions({ queryKey: ['/api/idle-redirect-config'], queryFn: () => apiFetch<IdleRedirect>('/api/idle-redirect-config'), staleTime: SHORT_CONFIG_STALE_MS })

/** GET /api/ad-config/skip-button; failures retried once. */
export const skipButtonQueryOptions = () =>
  queryOptions({ queryKey: ['/api/ad-config/skip-button'], queryFn: () => apiFetch<SkipButton>('/api/ad-config/skip-button'), staleTime: SHORT_CONFIG_STALE_MS, retry: 1 })

/** GET /api/ad-config/{zoneId}: the zone's ad (inactive and empty while it is not configured); failures retried once. */
export const adZoneQueryOptions = (zoneId: string) =>
  queryOptions({ queryKey: [`/api/ad-config/${zoneId}`], queryFn: () => apiFetch<AdZone>(`/api/ad-config/${zoneId}`), staleTime: SHORT_CONFIG_STALE_MS, retry: 1 })
