/** The admin media list and its delete (admin-back-office §2 Media, §7): GET /api/admin/media and DELETE /api/admin/media/:id. */
import { queryOptions } from '@tanstack/react-query'
import type { AdminMedia } from '@contract/admin/data'
import { paths } from '@contract/paths'
import { adminFetch, adminFetchAll } from '@client/features/admin/shell/api/admin-api'

/** Query key of the admin media list; a delete invalidates it. */
export const ADMIN_MEDIA_KEY = ['admin', 'media'] as const

/** Fetches every media item (AdminMedia[], with vote and view counts) page after page, bypassing the HTTP cache. Throws ApiError; a 401 carries SESSION_EXPIRED. */
export const getAdminMedia = () => adminFetchAll(paths.adminMedia, (page: AdminMedia[]) => page)

/** Query options of the media list, keyed ADMIN_MEDIA_KEY. */
export const adminMediaQueryOptions = () => queryOptions({ queryKey: ADMIN_MEDIA_KEY, queryFn: getAdminMedia })

/** Deletes one media item (mediaId) with its votes and views (audited). Throws ApiError (404 unknown id, 401 expired session). */
export const deleteAdminMedia = (mediaId: number) => adminFetch<void>(paths.adminMediaItem(mediaId), { method: 'DELETE' })
