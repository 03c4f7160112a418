/** The visitor's own-upload statistics (public-visitor §7 GET /api/users/{id}/stats) and deleting an upload (DELETE /api/media/{id}). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { UserStats } from '@contract/users'
import { apiFetch } from '@client/lib/api-client'
import { paths } from '@contract/paths'

/** Query options of the stats of userId. */
export const userStatsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: ['users', 'stats', { userId }], queryFn: () => apiFetch<UserStats>(paths.userStats(userId)) })

/** The stats query. */
export const useUserStats = (userId: number) => useQuery(userStatsQueryOptions(userId))

/** Deletes one of userId's uploads, then refreshes the stats and the vote queue's queries. */
export function useDeleteMedia(userId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (mediaId: number) => apiFetch<void>(paths.mediaDelete(mediaId, userId), { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users', 'stats'] }),
        queryClient.invalidateQueries({ queryKey: ['media', 'random'] }),
      ]),
  })
}
