/** Ad and skip-button configuration (public-visitor §7): cached 5 minutes, failures retried once; a zone is inactive and empty until configured. */
import { useQuery } from '@tanstack/react-query'
import { adZoneQueryOptions, skipButtonQueryOptions } from '@client/lib/public-config-queries'

/** The skip button config. */
export const useSkipButtonConfig = () => useQuery(skipButtonQueryOptions())

/** The ad of zoneId (inactive and empty while it is not configured). */
export const useAdZone = (zoneId: string) => useQuery(adZoneQueryOptions(zoneId))
