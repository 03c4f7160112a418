/**
 * The public configuration reads (public-visitor §7, §9 config caches) as TanStack query options. They live in lib/
 * because the visitor features read them and the back office refreshes them after a save, so both take the keys from
 * here (STYLE §2: keys come from their options factories, never retyped). Fetchers throw ApiError.
 */
import { queryOptions } from '@tanstack/react-query'
import type { AdZone, EmailCaptureConfig, IdleRedirect, SkipButton, VoteMultiplier } from '@contract/public-config'
import { apiFetch } from './api-client'
import { paths } from '@contract/paths'

/** Cache of the vote multiplier and email-capture configs, ms (30 min). */
export const LONG_CONFIG_STALE_MS = 30 * 60 * 1000
/** Cache of the ad, skip button and idle redirect configs, ms (5 min). */
export const SHORT_CONFIG_STALE_MS = 5 * 60 * 1000

/** GET /api/vote-multiplier-config. */
export const voteMultiplierQueryOptions = () =>
  queryOptions({
    queryKey: [paths.voteMultiplierConfig()],
    queryFn: () => apiFetch<VoteMultiplier>(paths.voteMultiplierConfig()),
    staleTime: LONG_CONFIG_STALE_MS,
  })

/** GET /api/email-capture-config. */
export const emailCaptureQueryOptions = () =>
  queryOptions({
    queryKey: [paths.emailCaptureConfig()],
    queryFn: () => apiFetch<EmailCaptureConfig>(paths.emailCaptureConfig()),
    staleTime: LONG_CONFIG_STALE_MS,
  })

/** GET /api/idle-redirect-config: the idle and back-button redirects. */
export const idleRedirectQueryOptions = () =>
  queryOptions({
    queryKey: [paths.idleRedirectConfig()],
    queryFn: () => apiFetch<IdleRedirect>(paths.idleRedirectConfig()),
    staleTime: SHORT_CONFIG_STALE_MS,
  })

/** GET /api/ad-config/skip-button; failures retried once. */
export const skipButtonQueryOptions = () =>
  queryOptions({
    queryKey: [paths.skipButtonConfig()],
    queryFn: () => apiFetch<SkipButton>(paths.skipButtonConfig()),
    staleTime: SHORT_CONFIG_STALE_MS,
    retry: 1,
  })

/** GET /api/ad-config/{zoneId}: the zone's ad (inactive and empty while it is not configured); failures retried once. */
export const adZoneQueryOptions = (zoneId: string) =>
  queryOptions({
    queryKey: [paths.adConfig(zoneId)],
    queryFn: () => apiFetch<AdZone>(paths.adConfig(zoneId)),
    staleTime: SHORT_CONFIG_STALE_MS,
    retry: 1,
  })
