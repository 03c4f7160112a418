/** The idle and back-button redirect config (public-visitor §7 GET /api/idle-redirect-config): cached 5 minutes, no polling. */
import { useQuery } from '@tanstack/react-query'
import { idleRedirectQueryOptions } from '@client/lib/public-config-queries'

/** The redirect config query. */
export const useIdleRedirectConfig = () => useQuery(idleRedirectQueryOptions())
