/** Ad and skip-button configuration (public-visitor §7): cached 5 minutes, failures retried once; a zone answers 404 (null) until configured. */
import { useQuery } from '@tanstack/react-query'
import { adZoneQueryOptions, skipButtonQueryOptions } from '@client/lib/public-config-queries'

/** The skip button config. */
export const useSkipButtonConfig = () => useQuery(skipButtonQueryOptions())

/** The ad code of zoneId, or null while it is not configured. */
export const useAdZone = (zoneId: string) => useQuery(adZoneQueryOptions(zoneId))
