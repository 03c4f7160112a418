/** Ad and skip-button configuration (public-visitor §7): cached 5 minutes, failures retried once; a zone answers 404 until configured. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AdZone, SkipButton } from '@contract/public-config'
import { ApiError, apiFetch } from '@client/lib/api-client'

/** Cache of ad configs, ms (public-visitor §9). */
export const AD_CONFIG_STALE_MS = 5 * 60 * 1000

/** The skip button config. */
export const useSkipButtonConfig = () =>
  useQuery(queryOptions({ queryKey: ['/api/ad-config/skip-button'], queryFn: () => apiFetch<SkipButton>('/api/ad-config/skip-button'), staleTime: AD_CONFIG_STALE_MS, retry: 1 }))

/** The ad code of zoneId, or null while it is not configured (404). */
export const useAdZone = (zoneId: string) =>
  useQuery(
    queryOptions({
      queryKey: [`/api/ad-config/${zoneId}`],
      queryFn: async (): Promise<AdZone | null> => {
        try {
          return await apiFetch<AdZone>(`/api/ad-config/${zoneId}`)
        } catch (e) {
          if (e instanceof ApiError && e.status === 404) return null
          throw e
        }
      },
      staleTime: AD_CONFIG_STALE_MS,
      retry: 1,
    }),
  )
