/**
 * The outbox's IndexedDB database (offline outbox): store `items` holds what waits to be sent, in FIFO
 * order of its auto-increment key `seq`; store `dropped` holds reports of items the server refused (4xx) until a
 * window shows them. No DOM API here: a service worker opens the same database.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb'

/** Name of the IndexedDB database. */
export const OUTBOX_DB_NAME = 'hotvote-outbox'

/**
 * What an item sends: kind names a kind registered with registerOutboxKind (outbox-kinds.ts), the rest is that kind's
 * data, stored as given (plain values and Blobs).
 */
export type OutboxPayload = { kind: string }

/**
 * One waiting item. id: client-generated UUID sent as Idempotency-Key (stable across retries); times are epoch ms:
 * createdAt, nextAttemptAt (0 = now), leaseUntil (a sender holds the item until then; 0 = free), leasedAt (when it
 * took it); leaseOwner: the sender's id, whose Web Lock shows whether it is still alive; attempts: failed sends so
 * far; lastError: why the last send failed.
 */
export type OutboxItem<P extends OutboxPayload = OutboxPayload> = P & {
  seq?: number
  id: string
  createdAt: number
  attempts: number
  nextAttemptAt: number
  leaseUntil: number
  leasedAt?: number
  leaseOwner?: string
  lastError?: string
}

/** A refused item, kept until a window reports it. status: the HTTP status; reason: the server's message or `${status}: ${text}`; mediaId, fileName: what its kind's report() names. */
export type DropReport = {
  id: string
  kind: string
  status: number
  reason: string
  serverMessage?: string
  mediaId?: number
  fileName?: string
  droppedAt: number
}

interface OutboxSchema extends DBSchema {
  items: { key: number; value: OutboxItem; indexes: { id: string } }
  dropped: { key: string; value: DropReport }
}

/** The open database type. */
export type OutboxDb = IDBPDatabase<OutboxSchema>

let dbPromise: Promise<OutboxDb> | undefined

/** The shared connection, opened (and created at version 1) on first use. */
export function outboxDb(): Promise<OutboxDb> {
  dbPromise ??= openDB<OutboxSchema>(OUTBOX_DB_NAME, 1, {
    upgrade(db) {
      const items = db.createObjectStore('items', { keyPath: 'seq', autoIncrement: true })
      items.createIndex('id', 'id', { unique: true })
      db.createObjectStore('dropped', { keyPath: 'id' })
    },
    // Another context deleting or upgrading the database: let go so it can proceed; the next call reopens.
    blocking() {
      void closeOutboxDb()
    },
  })
  return dbPromise
}

/** Closes the shared connection; the next outboxDb() opens a new one (tests use this to simulate a reload). */
export async function closeOutboxDb(): Promise<void> {
  const open = dbPromise
  dbPromise = undefined
  if (open) (await open).close()
}
