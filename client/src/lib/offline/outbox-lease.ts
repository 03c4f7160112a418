/**
 * Who holds an outbox item. Every context that sends (a tab, the service worker) holds a Web Lock named after its own
 * sender id for as long as it lives and writes that id into the lease of the item it sends. The lock goes with the
 * context (a tab closed or reloaded mid-upload, a worker stopped), so another sender takes the item over at once
 * instead of waiting for the lease to run out. Without the Web Locks API (bun's tests, older browsers) leases only run
 * out. No DOM API here (service-worker safe).
 */
import type { OutboxItem } from './outbox-db'

/** Prefix of the senders' Web Lock names. */
const LOCK_PREFIX = 'hotvote-outbox-sender-'

/** The senders alive when `at` (epoch ms) had passed: their ids. */
export type LiveSenders = { ids: Set<string>; at: number }

const lockManager = (): LockManager | undefined => (typeof navigator === 'undefined' ? undefined : navigator.locks)

let ownId: Promise<string | undefined> | undefined

/** This context's sender id, resolved once its lock is held (for the context's life); undefined without Web Locks. */
export function senderId(): Promise<string | undefined> {
  ownId ??= new Promise((resolve) => {
    const locks = lockManager()
    if (!locks) return resolve(undefined)
    const id = crypto.randomUUID()
    locks
      .request(LOCK_PREFIX + id, () => {
        resolve(id)
        return new Promise<never>(() => {})
      })
      .catch(() => resolve(undefined))
  })
  return ownId
}

/** The senders alive now, as seen after now (epoch ms); undefined without Web Locks. */
export async function liveSenders(now: number): Promise<LiveSenders | undefined> {
  const locks = lockManager()
  if (!locks) return undefined
  const { held = [] } = await locks.query()
  return {
    ids: new Set(held.flatMap((lock) => (lock.name?.startsWith(LOCK_PREFIX) ? [lock.name.slice(LOCK_PREFIX.length)] : []))),
    at: now,
  }
}

/**
 * True while a sender holds item: until its leaseUntil, unless its sender was missing from live senders seen after it
 * took the lease (a sender holds its lock before it takes any lease, so one alive then is in the list).
 */
export function leaseHeld(item: OutboxItem, now: number, live: LiveSenders | undefined): boolean {
  if (item.leaseUntil <= now) return false
  if (!live || !item.leaseOwner || item.leasedAt === undefined || item.leasedAt >= live.at) return true
  return live.ids.has(item.leaseOwner)
}
