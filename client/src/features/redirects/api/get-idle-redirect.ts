/** The idle and back-button redirect config (public-visitor §7 GET /api/idle-redirect-config): cached 5 minutes, no polling. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { IdleRedirect } from '@contract/public-config'
import { apiFetch } from '@client/lib/api-client'

/** The redirect config query. */
export const useIdleRedirectConfig = () =>
  useQuery(queryOptions({ queryKey: ['/api/idle-redirect-config'], queryFn: () => apiFetch<IdleRedirect>('/api/idle-redirect-config'), staleTime: 5 * 60 * 1000 }))
