/**
 * The traffic handlers' calls (admin-back-office §7): GET/POST /api/admin/idle-redirect-config and
 * /api/admin/back-button-config, and their histories (an empty list when the history call fails).
 */
import { queryOptions } from '@tanstack/react-query'
import type { BackButtonConfig, BackButtonInput, IdleRedirectConfig, IdleRedirectInput } from '@contract/admin/config'
import { paths } from '@contract/paths'
import { adminFetch, adminFetchAll } from '@client/features/admin/shell/api/admin-api'

/** The two redirect handlers, named as in their paths. */
export type RedirectKind = 'idle-redirect' | 'back-button'
/** A saved row per kind: idleRedirectTime in seconds, createdAt ISO-8601 UTC or null before the first save. */
export type RedirectConfigs = { 'idle-redirect': IdleRedirectConfig; 'back-button': BackButtonConfig }
/** The POST body per kind. */
export type RedirectInputs = { 'idle-redirect': IdleRedirectInput; 'back-button': BackButtonInput }

/** The current config of kind, key ['admin', '{kind}-config', {}]. Throws ApiError (a 500 means the table is missing). */
export const redirectConfigQueryOptions = <K extends RedirectKind>(kind: K) =>
  queryOptions({
    queryKey: ['admin', `${kind}-config`, {}],
    queryFn: () => adminFetch<RedirectConfigs[K]>(paths.adminConfig(kind), { cache: 'no-store' }),
  })

/** Every save of kind, newest first (read page after page), key ['admin', '{kind}-history', {}]; [] when the call fails (admin-back-office §7). */
export const redirectHistoryQueryOptions = <K extends RedirectKind>(kind: K) =>
  queryOptions({
    queryKey: ['admin', `${kind}-history`, {}],
    queryFn: () =>
      adminFetchAll(
        (page) => paths.adminRedirectHistory(kind, page),
        (rows: RedirectConfigs[K][]) => rows,
      ).catch((): RedirectConfigs[K][] => []),
  })

/** Saves a config of kind (a new history row; an empty URL turns it off); answers the saved row. Throws ApiError with the server's message on 400. */
export const saveRedirectConfig = <K extends RedirectKind>(kind: K, input: RedirectInputs[K]) =>
  adminFetch<RedirectConfigs[K]>(paths.adminConfig(kind), { method: 'POST', json: input })
