/**
 * The admin media list, its delete and its show-again (admin-back-office §2 Media, §7): GET /api/admin/media (with
 * nearCopies=true, only the items flagged as near copies), DELETE /api/admin/media/:id and
 * POST /api/admin/near-duplicates/show.
 */
import { queryOptions } from '@tanstack/react-query'
import type { ShowHiddenCopyAnswer } from '@contract/admin/bucket'
import type { AdminMedia } from '@contract/admin/data'
import { paths } from '@contract/paths'
import { ADMIN_MEDIA_KEY, adminFetch, adminFetchAll } from '@client/features/admin/shell/api/admin-api'

/**
 * Fetches every media item (AdminMedia[], with vote and view counts) page after page, bypassing the HTTP cache; with
 * nearCopies, only the items flagged as near copies of an older item. Throws ApiError; a 401 carries SESSION_EXPIRED.
 */
export const getAdminMedia = (nearCopies = false) =>
  adminFetchAll(
    (page) => paths.adminMedia({ ...page, nearCopies }),
    (page: AdminMedia[]) => page,
  )

/** Query options of the media list (all items, or with nearCopies only the flagged ones), keyed under ADMIN_MEDIA_KEY (admin/shell). */
export const adminMediaQueryOptions = (nearCopies = false) =>
  queryOptions({ queryKey: [...ADMIN_MEDIA_KEY, { nearCopies }], queryFn: () => getAdminMedia(nearCopies) })

/** Deletes one media item (mediaId) with its votes and views (audited). Throws ApiError (404 unknown id, 401 expired session). */
export const deleteAdminMedia = (mediaId: number) => adminFetch<void>(paths.adminMediaItem(mediaId), { method: 'DELETE' })

/**
 * Shows again media item mediaId, hidden as a near copy; the answer's hidden stays true while a resolved takedown
 * names it. Throws ApiError (404 unknown id, 409 not hidden as a near copy, 401 expired session).
 */
export const showHiddenCopy = (mediaId: number) =>
  adminFetch<ShowHiddenCopyAnswer>(paths.adminShowHiddenCopy(), { method: 'POST', json: { id: mediaId } })
