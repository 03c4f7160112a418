/** Profile calls (public-visitor §7): PATCH /api/users/{id}, GET /api/users/check-username/{username}, and the location update through POST /api/session. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SessionUser } from '@contract/session'
import type { ProfileUpdate, UsernameAvailability } from '@contract/users'
import { apiFetch } from '@client/lib/api-client'
import { ensureStoredSession, writeStoredSession } from '@client/lib/session-storage'
import { paths } from '@contract/paths'

/** Whether username is free for the visitor (their own counts as free). */
export const checkUsername = (username: string) => apiFetch<UsernameAvailability>(paths.checkUsername(username)).then((r) => r.available)

/** Sends only the changed fields; on success the session query holds the new user. */
export function useUpdateProfile(userId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: ProfileUpdate) => apiFetch<SessionUser>(paths.user(userId), { method: 'PATCH', json: changes }),
    onSuccess: (user) => {
      writeStoredSession({ ...ensureStoredSession(), username: user.username, email: user.email })
      queryClient.setQueryData(['session'], user)
    },
  })
}

/** Posts the position (degrees) to the session (public-visitor §4 Geolocation request). */
export function useSaveLocation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ latitude, longitude }: { latitude: number; longitude: number }) => {
      const stored = ensureStoredSession()
      writeStoredSession({ ...stored, latitude, longitude })
      return apiFetch<SessionUser>(paths.session(), { method: 'POST', json: { sessionId: stored.sessionId, latitude, longitude } })
    },
    onSuccess: (user) => queryClient.setQueryData(['session'], user),
  })
}
