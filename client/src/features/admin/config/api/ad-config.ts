/**
 * Ad zone 1 and skip button configuration (admin-back-office §3, §7 ad-config/zone1 and ad-config/skip-button, §9
 * defaults): a 404 on GET means nothing is saved yet, answered as null. Fetchers throw ApiError otherwise.
 */
import { queryOptions } from '@tanstack/react-query'
import type { AdZoneConfig, AdZoneInput, SkipButtonConfig, SkipButtonInput } from '@contract/admin/config'
import { DEFAULT_SKIP_BUTTON_TEXT } from '@contract/public-config'
import { paths } from '@contract/paths'
import { ApiError } from '@client/lib/api-client'
import { adminFetch } from '@client/features/admin/shell/api/admin-api'

/** Zone 1 form values before the first save (admin-back-office §9). */
export const DEFAULT_AD_ZONE: AdZoneInput = { zoneName: 'Ad Zone 1', adCode: '', isActive: true }
/** Skip button form values before the first save (admin-back-office §9; the text is the visitor side's default). */
export const DEFAULT_SKIP_BUTTON_INPUT: SkipButtonInput = {
  zoneName: 'Skip Button',
  buttonText: DEFAULT_SKIP_BUTTON_TEXT,
  buttonUrl: '',
  isActive: true,
}

/** Query key of the admin zone 1 read. */
const ZONE1_KEY = ['admin', 'ad-config', 'zone1'] as const
/** Query key of the admin skip button read. */
const SKIP_BUTTON_KEY = ['admin', 'ad-config', 'skip-button'] as const

const nullOn404 = <T>(path: string) =>
  adminFetch<T>(path).catch((e: unknown) => (e instanceof ApiError && e.status === 404 ? null : Promise.reject(e)))

/** The zone 1 ad, or null before the first save. */
export const getZone1 = () => nullOn404<AdZoneConfig>(paths.adminConfig('zone1'))
/** The skip button, or null before the first save. */
export const getSkipButton = () => nullOn404<SkipButtonConfig>(paths.adminConfig('skip-button'))
/** Saves the zone 1 ad; answers the saved config. 400 with the contract's message on bad input. */
export const saveZone1 = (input: AdZoneInput) => adminFetch<AdZoneConfig>(paths.adminConfig('zone1'), { method: 'POST', json: input })
/** Saves the skip button; answers the saved config. 400 with the contract's message on bad input. */
export const saveSkipButton = (input: SkipButtonInput) =>
  adminFetch<SkipButtonConfig>(paths.adminConfig('skip-button'), { method: 'POST', json: input })
/** The admin read of zone 1 (null before the first save), key ZONE1_KEY. */
export const zone1QueryOptions = () => queryOptions({ queryKey: ZONE1_KEY, queryFn: getZone1 })
/** The admin read of the skip button (null before the first save), key SKIP_BUTTON_KEY. */
export const skipButtonAdminQueryOptions = () => queryOptions({ queryKey: SKIP_BUTTON_KEY, queryFn: getSkipButton })
