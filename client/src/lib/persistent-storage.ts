/**
 * Persistent storage: the app asks once (per display mode: in the browser, and again once installed,
 * where Chrome grants it) for navigator.storage.persist(), so the browser does not evict the offline data
 * (outbox, query cache, cached media) under storage pressure; storageStatus() reads usage, quota and the grant.
 */
import { formatBytes } from './format'

const ASKED_KEY = 'hotvote.persistRequested'

/** Usage and quota of the origin in bytes (null where the browser does not say) and whether storage is persistent. */
export type StorageStatus = { usage: number | null; quota: number | null; persisted: boolean }

/** True when the page runs as an installed app (display-mode standalone, or iOS home-screen mode). */
export const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true

/** Asks navigator.storage.persist() unless already persistent or already asked in this display mode; answers the grant. */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = navigator.storage
  if (!storage?.persist || !storage.persisted) return false
  if (await storage.persisted()) return true
  const mode = isStandalone() ? 'standalone' : 'browser'
  const asked = (localStorage.getItem(ASKED_KEY) ?? '').split(',')
  if (asked.includes(mode)) return false
  localStorage.setItem(ASKED_KEY, [...asked.filter(Boolean), mode].join(','))
  return storage.persist()
}

/** The origin's storage estimate and persistence; nulls and false where the StorageManager API is missing. */
export async function storageStatus(): Promise<StorageStatus> {
  const storage = navigator.storage
  const [estimate, persisted] = await Promise.all([
    storage?.estimate?.() ?? Promise.resolve(undefined),
    storage?.persisted?.() ?? Promise.resolve(false),
  ])
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted }
}

/** The profile's storage line: "Storage: 3.2 MB used of 1.2 GB", or "Storage: estimate not available". */
export const formatStorageStatus = ({ usage, quota }: StorageStatus) =>
  usage === null || quota === null ? 'Storage: estimate not available' : `Storage: ${formatBytes(usage)} used of ${formatBytes(quota)}`
