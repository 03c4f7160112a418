/**
 * TanStack Query persisted to IndexedDB: the session, the public configs and the visitor's stats are
 * written to the `hotvote-query-cache` database (idb) and restored at start, at most 24 h old, so a reload offline
 * shows the last known state. Media queries, admin queries and mutations are never persisted (the outbox, not
 * TanStack's paused mutations, queues offline work).
 */
import { openDB, type IDBPDatabase } from 'idb'
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query'
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type PersistedQueryClientRestoreOptions as PersistedClientOptions,
  type Persister,
} from '@tanstack/query-persist-client-core'
import { emailCaptureQueryOptions, idleRedirectQueryOptions, voteMultiplierQueryOptions } from './public-config-queries'

/** Oldest persisted cache still restored, ms (24 h). */
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000
/** Saves are coalesced to at most one write per this many ms. */
export const PERSIST_THROTTLE_MS = 500
/** Longest wait for the restore before the app renders anyway, ms (a stuck IndexedDB must not keep the page blank). */
export const RESTORE_TIMEOUT_MS = 2000
/** Changing it discards every persisted cache (bump when a persisted answer changes shape). */
export const PERSIST_BUSTER = 'hotvote-1'

const DB_NAME = 'hotvote-query-cache'
const STORE = 'clients'
const ENTRY = 'query-client'
/** First query-key elements that are persisted (public config keys are their URL). */
const PERSISTED_ROOTS = new Set<unknown>([
  'session',
  'site-settings',
  ...[voteMultiplierQueryOptions, emailCaptureQueryOptions, idleRedirectQueryOptions].map((options) => options().queryKey[0]),
])

/**
 * True when a query with this key is persisted: ['session'], ['site-settings'], the public config URLs
 * (['/api/vote-multiplier-config'], ['/api/ad-config/<zone>'], ...) and ['users', 'stats', {userId}]. Everything
 * else (media, admin, username checks) is not.
 */
export function shouldPersistQueryKey(queryKey: QueryKey): boolean {
  const [root, kind] = queryKey
  if (typeof root !== 'string') return false
  return PERSISTED_ROOTS.has(root) || /^\/api\/ad-config\/[^/]+$/.test(root) || (root === 'users' && kind === 'stats')
}

/** True when the query is persisted: a persisted key holding data (never a pending or failed query). */
export const shouldDehydrateQuery = (query: { queryKey: QueryKey; state: { status: string } }) =>
  query.state.status === 'success' && shouldPersistQueryKey(query.queryKey)

/** A Persister over one IndexedDB entry; writes are throttled to PERSIST_THROTTLE_MS (the last state wins) and flushed when the page is hidden. */
export function createIdbPersister(dbName = DB_NAME): Persister {
  let db: Promise<IDBPDatabase> | undefined
  const open = () => (db ??= openDB(dbName, 1, { upgrade: (d) => void d.createObjectStore(STORE) }))
  let pending: PersistedClient | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = async () => {
    timer = undefined
    const client = pending
    pending = undefined
    if (client) await (await open()).put(STORE, client, ENTRY)
  }
  // A reload right after a change must not lose it: write what is pending when the page is hidden or left.
  const flushNow = () => {
    if (!timer) return
    clearTimeout(timer)
    void flush().catch(() => undefined)
  }
  addEventListener('pagehide', flushNow)
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flushNow())
  return {
    persistClient(client) {
      pending = client
      timer ??= setTimeout(() => void flush().catch(() => undefined), PERSIST_THROTTLE_MS)
    },
    restoreClient: async () => (await open()).get(STORE, ENTRY) as Promise<PersistedClient | undefined>,
    removeClient: async () => void (await (await open()).delete(STORE, ENTRY)),
  }
}

/**
 * Restores the persisted queries into queryClient, then keeps saving them. Restored answers are shown at once
 * but refetched when used while online (invalidated), so the spec's "never stale" holds for data fetched in this
 * page; when the page starts offline they are refetched when the browser's online event fires. Never throws: an
 * unreadable cache is dropped and the app starts empty.
 */
export async function startQueryPersistence(queryClient: QueryClient, persister = createIdbPersister()): Promise<void> {
  // query-persist-client-core 5.104 is typed against its own query-core copy while react-query 5.108 bundles a newer
  // one: the same public QueryClient API at runtime, but distinct nominal types (#private), hence the cast.
  const options = { queryClient: queryClient as unknown as PersistedClientOptions['queryClient'], persister, buster: PERSIST_BUSTER }
  const restore = persistQueryClientRestore({ ...options, maxAge: PERSIST_MAX_AGE_MS }).catch(() => undefined)
  await Promise.race([restore, new Promise((resolve) => setTimeout(resolve, RESTORE_TIMEOUT_MS))])
  const restored = { predicate: (query: Query) => shouldPersistQueryKey(query.queryKey), refetchType: 'none' as const }
  if (navigator.onLine) void queryClient.invalidateQueries(restored)
  else window.addEventListener('online', () => void queryClient.invalidateQueries({ ...restored, refetchType: 'active' }), { once: true })
  persistQueryClientSubscribe({ ...options, dehydrateOptions: { shouldDehydrateQuery, shouldDehydrateMutation: () => false } })
}
