/**
 * The traffic handlers' calls (admin-back-office §7): GET/POST /api/admin/idle-redirect-config and
 * /api/admin/back-button-config, and their histories (an empty list when the history call fails). Saving refreshes the
 * admin config, its history and the public /api/idle-redirect-config the visitor side reads.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { BackButtonConfig, BackButtonInput, IdleRedirectConfig, IdleRedirectInput } from '@contract/admin/config'
import { paths } from '@contract/paths'
import { adminFetch } from './admin-api'
import { idleRedirectQueryOptions } from '@client/lib/public-config-queries'

/** The two redirect handlers, named as in their paths. */
export type RedirectKind = 'idle-redirect' | 'back-button'
/** A saved row per kind: idleRedirectTime in seconds, createdAt ISO-8601 UTC or null before the first save. */
export type RedirectConfigs = { 'idle-redirect': IdleRedirectConfig; 'back-button': BackButtonConfig }
/** The POST body per kind. */
export type RedirectInputs = { 'idle-redirect': IdleRedirectInput; 'back-button': BackButtonInput }

/** The current config of kind, key ['admin', '{kind}-config', {}]. Throws ApiError (a 500 means the table is missing). */
export const redirectConfigQueryOptions = <K extends RedirectKind>(kind: K) =>
  queryOptions({ queryKey: ['admin', `${kind}-config`, {}], queryFn: () => adminFetch<RedirectConfigs[K]>(paths.adminConfig(kind), { cache: 'no-store' }) })

/** Every save of kind, newest first, key ['admin', '{kind}-history', {}]; [] when the call fails (admin-back-office §7). */
export const redirectHistoryQueryOptions = <K extends RedirectKind>(kind: K) =>
  queryOptions({
    queryKey: ['admin', `${kind}-history`, {}],
    queryFn: () => adminFetch<RedirectConfigs[K][]>(paths.adminRedirectHistory(kind), { cache: 'no-store' }).catch((): RedirectConfigs[K][] => []),
  })

/** The screen's reactions to a save; they run in the mutation itself because the saved form remounts with the new config. */
export type SaveCallbacks = { onSuccess: () => void; onError: (e: unknown) => void }

/** Saves a config of kind (a new history row; an empty URL turns it off). Throws ApiError with the server's message on 400. */
export function useSaveRedirectConfig<K extends RedirectKind>(kind: K, { onSuccess, onError }: SaveCallbacks) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: RedirectInputs[K]) => adminFetch<RedirectConfigs[K]>(paths.adminConfig(kind), { method: 'POST', json: input }),
    onError,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: redirectConfigQueryOptions(kind).queryKey }),
        queryClient.invalidateQueries({ queryKey: redirectHistoryQueryOptions(kind).queryKey }),
        queryClient.invalidateQueries({ queryKey: idleRedirectQueryOptions().queryKey }),
      ]).then(onSuccess),
  })
}
