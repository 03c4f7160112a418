/**
 * A tiny external store for React's useSyncExternalStore (the update prompt's waiting flag, the install
 * offer): get() answers the current value (the same object until set), set() replaces it and notifies subscribers.
 */

/** get(), set(next) and subscribe(listener), which answers the unsubscribe function. */
export type ExternalStore<T> = { get(): T; set(next: T): void; subscribe(listener: () => void): () => void }

/** A store holding initial until the first set(). */
export function createExternalStore<T>(initial: T): ExternalStore<T> {
  let value = initial
  const listeners = new Set<() => void>()
  return {
    get: () => value,
    set(next) {
      value = next
      listeners.forEach((listener) => listener())
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
