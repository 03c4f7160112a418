/** Branding of this host (public-visitor §1, §3 Site settings): GET /api/site-settings. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SiteSettings } from '@contract/public-config'
import { apiFetch } from '@client/lib/api-client'
import { paths } from '@contract/paths'

/** Query options of the site settings. */
export const siteSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['site-settings'], queryFn: () => apiFetch<SiteSettings>(paths.siteSettings()) })

/** The site settings query. */
export const useSiteSettings = () => useQuery(siteSettingsQueryOptions())
