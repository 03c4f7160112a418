/**
 * The takedown list and status change (admin-back-office §7 GET /api/admin/dmca-takedowns, PATCH .../{id}; §4, §8):
 * both need a stored token ('Admin authentication required'); a change refreshes the list.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminDmca, DmcaStatus, DmcaUpdateAnswer } from '@contract/admin/dmca'
import { paths } from '@contract/paths'
import { adminFetch, adminFetchAll } from '@client/features/admin/shell/api/admin-api'

/** Every takedown, newest first, read page after page. Throws AdminTokenMissingError without a token, ApiError on a non-OK answer. */
export const getDmcaTakedowns = (): Promise<AdminDmca[]> => adminFetchAll(paths.adminDmcaTakedowns, (page: AdminDmca[]) => page)

/** The takedown list query, key ['admin', 'dmca-takedowns', {}]. */
export const dmcaTakedownsQueryOptions = () => queryOptions({ queryKey: ['admin', 'dmca-takedowns', {}], queryFn: getDmcaTakedowns })

/** Input of a change: the takedown id, its new status and the admin notes typed so far. */
export type DmcaChange = { id: number; status: DmcaStatus; adminNotes: string }

/** Sends one change. Throws like getDmcaTakedowns; a 409 (transition not allowed) or 404 carries the server's error text. */
export async function updateDmcaTakedown({ id, status, adminNotes }: DmcaChange): Promise<DmcaUpdateAnswer> {
  return adminFetch<DmcaUpdateAnswer>(paths.adminDmcaTakedown(id), { method: 'PATCH', json: { status, adminNotes } })
}

/** The change mutation; on success it refreshes the takedown list. Callers add their own toasts. */
export function useUpdateDmcaTakedown() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateDmcaTakedown,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dmcaTakedownsQueryOptions().queryKey }),
  })
}
