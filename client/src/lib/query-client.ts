/** The app's QueryClient with the spec's data defaults (public-visitor §9): no retries, never stale, no refetch on focus or interval. */
import { QueryClient } from '@tanstack/react-query'

/** Creates the QueryClient used by start.tsx. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false },
      mutations: { retry: false },
    },
  })
}
