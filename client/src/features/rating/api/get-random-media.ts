/**
 * Random media for rating (public-visitor §7): the current item and the prefetched next one
 * (GET /api/media/random/:userId, next with exclude=current and cached 10 s at most).
 */
import { queryOptions } from '@tanstack/react-query'
import type { RateMedia } from '@contract/media'
import { apiFetch } from '@client/lib/api-client'

/** How long the prefetched next item may be reused, ms (public-visitor §9). */
export const NEXT_MEDIA_STALE_MS = 10_000

/** The current item: null when the site has no media; an ApiError 404 when everything is rated. */
export const currentMediaQueryOptions = (userId: number) =>
  queryOptions({ queryKey: ['media', 'random', { userId, slot: 'current' }], queryFn: () => apiFetch<RateMedia | null>(`/api/media/random/${userId}`) })

/** The next item, excluding the one on screen. */
export const nextMediaQueryOptions = (userId: number, excludeId: number | undefined) =>
  queryOptions({
    queryKey: ['media', 'random', { userId, slot: 'next', exclude: excludeId }],
    queryFn: () => apiFetch<RateMedia | null>(`/api/media/random/${userId}${excludeId ? `?exclude=${excludeId}` : ''}`),
    staleTime: NEXT_MEDIA_STALE_MS,
    enabled: excludeId !== undefined,
  })
