/** A storage wrapper that counts the bucket reads the app makes, for tests of how it reads the bucket. */
import type { Storage } from '@server/storage/storage'

/** Counts of a countingStorage: lists = list() calls; gets = get() calls (whole or range) per key. */
export type StorageCounts = { lists: number; gets: Map<string, number> }

/** storage passed through, with its list() and get() calls counted in counts. */
export function countingStorage(inner: Storage): { storage: Storage; counts: StorageCounts } {
  const counts: StorageCounts = { lists: 0, gets: new Map() }
  const storage: Storage = {
    ...inner,
    provider: inner.provider,
    list: () => (counts.lists++, inner.list()),
    get: (key, range) => (counts.gets.set(key, (counts.gets.get(key) ?? 0) + 1), inner.get(key, range)),
  }
  return { storage, counts }
}
