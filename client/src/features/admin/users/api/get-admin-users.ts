/** GET /api/admin/users (admin-back-office §7): every user row with activity figures, read page after page. */
import { queryOptions } from '@tanstack/react-query'
import type { AdminUser } from '@contract/admin/data'
import { paths } from '@contract/paths'
import { adminFetchAll } from '@client/features/admin/shell/api/admin-api'

/** Fetches every user row (AdminUser[], newest id first). Throws ApiError; a 401 carries SESSION_EXPIRED. */
export const getAdminUsers = () => adminFetchAll(paths.adminUsers, (page: AdminUser[]) => page)

/** Query options of the user list, keyed ['admin', 'users']. */
export const adminUsersQueryOptions = () => queryOptions({ queryKey: ['admin', 'users'], queryFn: getAdminUsers })
