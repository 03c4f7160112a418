/**
 * The takedown list and status change (admin-back-office §7 GET /api/admin/dmca-takedowns, PATCH .../{id}; §4, §8):
 * both need a stored token ('Admin authentication required'); a change refreshes the list.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type * as v from 'valibot'
import type { AdminDmcaSchema, DmcaStatus } from '@contract/admin/dmca'
import { adminFetch } from './admin-api'

/** One takedown as listed: createdAt ISO-8601 UTC; infringingUrls the stored string (see parseInfringingUrls). */
export type AdminDmca = v.InferOutput<typeof AdminDmcaSchema>

/** Every takedown, newest first. Throws AdminTokenMissingError without a token, ApiError on a non-OK answer. */
export async function getDmcaTakedowns(): Promise<AdminDmca[]> {
  return adminFetch<AdminDmca[]>('/api/admin/dmca-takedowns', { cache: 'no-store' })
}

/** The takedown list query, key ['admin', 'dmca-takedowns', {}]. */
export const dmcaTakedownsQueryOptions = () => queryOptions({ queryKey: ['admin', 'dmca-takedowns', {}], queryFn: getDmcaTakedowns })

/** Input of a change: the takedown id, its new status and the admin notes typed so far. */
export type DmcaChange = { id: number; status: DmcaStatus; adminNotes: string }

/** Sends one change. Throws like getDmcaTakedowns; a 409 (transition not allowed) or 404 carries the server's error text. */
export async function updateDmcaTakedown({ id, status, adminNotes }: DmcaChange): Promise<{ message: string }> {
  return adminFetch<{ message: string }>(`/api/admin/dmca-takedowns/${id}`, { method: 'PATCH', json: { status, adminNotes } })
}

/** The change mutation; on success it refreshes the takedown list. Callers add their own toasts. */
export function useUpdateDmcaTakedown() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: updateDmcaTakedown, onSuccess: () => queryClient.invalidateQueries({ queryKey: dmcaTakedownsQueryOptions().queryKey }) })
}
