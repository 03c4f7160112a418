/** Filing a takedown (public-visitor §7 POST /api/dmca-takedown). */
import { useMutation } from '@tanstack/react-query'
import type { DmcaCreated, DmcaInput } from '@contract/dmca'
import { apiFetch } from '@client/lib/api-client'

/** The takedown mutation; resolves to the id, status and reference number. */
export const useSubmitTakedown = () => useMutation({ mutationFn: (input: DmcaInput) => apiFetch<DmcaCreated>('/api/dmca-takedown', { method: 'POST', json: input }) })
