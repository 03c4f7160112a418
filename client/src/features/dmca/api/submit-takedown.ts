/** Filing a takedown (public-visitor §7 POST /api/dmca-takedown). */
import { useMutation } from '@tanstack/react-query'
import type { DmcaCreated, DmcaInput } from '@contract/dmca'
import { apiFetch } from '@client/lib/api-client'
import { paths } from '@contract/paths'

/** The takedown mutation; resolves to the id, status and reference number. */
export const useSubmitTakedown = () =>
  useMutation({ mutationFn: (input: DmcaInput) => apiFetch<DmcaCreated>(paths.dmcaTakedown(), { method: 'POST', json: input }) })
