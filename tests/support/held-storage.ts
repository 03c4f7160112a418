/**
 * A storage wrapper whose puts wait until the test lets them go, for tests that act while a request is in the middle
 * of storing (the media pipeline writing an item's objects).
 */
import type { Storage } from '@server/storage/storage'

/** inner with every put held until release(); reached resolves once a put is waiting. */
export function heldPuts(inner: Storage): { storage: Storage; reached: Promise<void>; release(): void } {
  const reached = Promise.withResolvers<void>()
  const gate = Promise.withResolvers<void>()
  const storage: Storage = {
    ...inner,
    provider: inner.provider,
    async put(key, body, opts) {
      reached.resolve()
      await gate.promise
      return inner.put(key, body, opts)
    },
  }
  return { storage, reached: reached.promise, release: () => gate.resolve() }
}
