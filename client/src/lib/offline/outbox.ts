/**
 * The offline outbox (public-visitor §4 Rating flow and Upload queue item; server-contract: Idempotency-Key,
 * replay-safe votes and views). Items of every registered kind (outbox-kinds.ts: votes, views, uploads) are written to
 * IndexedDB first, each with a client UUID sent as Idempotency-Key, then sent oldest first by flushOutbox(). A network failure, 5xx, 408 or 429 keeps the item and
 * backs off exponentially (1 s doubling to 5 min, with jitter); another 4xx drops it and leaves a report for the UI.
 * Safe from several tabs and a service worker at once: a sender leases the head item in the same IndexedDB
 * transaction that reads it, so no item is sent twice at the same time. No DOM API here (service-worker safe).
 */
import { outboxDb, type DropReport, type OutboxItem, type OutboxPayload } from './outbox-db'
import { emitOutboxEvent, onOutboxEvent } from './outbox-events'
import { DEFAULT_LEASE_MS, outboxKind, type SendContext } from './outbox-kinds'
import { leaseHeld, liveSenders, senderId } from './outbox-lease'
import { fetchSender, type Sender, type SendOutcome } from './outbox-send'

/** Background Sync tag under which the window registers a replay and the service worker (sw.ts) calls syncOutbox(). */
export const OUTBOX_SYNC_TAG = 'hotvote-outbox'
/** First retry delay, ms. */
export const BACKOFF_BASE_MS = 1000
/** Longest retry delay, ms (5 min). */
export const BACKOFF_MAX_MS = 5 * 60 * 1000

/** Options of flushOutbox. fetch: what requests go through (default the global fetch); now: epoch ms clock; random: 0-1 for jitter; force: send items still backing off (online event, start). */
export type FlushOptions = { fetch?: typeof fetch; send?: Sender; now?: () => number; random?: () => number; force?: boolean }
/** What one flush did: items sent and dropped; retrying: a send failed and items wait for a later attempt. */
export type FlushResult = { sent: number; dropped: number; retrying: boolean }

/**
 * The delay before retry number `attempts` (1 = after the first failure), ms: min(5 min, 1 s x 2^(attempts-1)),
 * of which the upper half is jitter (random() = 1 gives the full delay).
 */
export function backoffDelayMs(attempts: number, random: () => number = Math.random): number {
  const full = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1))
  return Math.round(full / 2 + (random() * full) / 2)
}

/**
 * Writes payload to the outbox under id (default a new UUID, the Idempotency-Key); resolves to the id once stored.
 * Rejects for a kind not registered with registerOutboxKind, and when IndexedDB fails.
 */
export async function enqueueOutbox<P extends OutboxPayload>(
  payload: P,
  id: string = crypto.randomUUID(),
  now: number = Date.now(),
): Promise<string> {
  if (!outboxKind(payload.kind)) throw new Error(`Outbox kind '${payload.kind}' is not registered`)
  const db = await outboxDb()
  const item: OutboxItem = { ...payload, id, createdAt: now, attempts: 0, nextAttemptAt: 0, leaseUntil: 0 }
  const tx = db.transaction('items', 'readwrite')
  // The same id twice (a double click) is one item.
  if (!(await tx.store.index('id').getKey(id))) await tx.store.add(item)
  await tx.done
  emitOutboxEvent({ type: 'changed' })
  return id
}

/**
 * Removes item id (a visitor removing a queued upload): a waiting one, or one being sent when its kind has cancel(),
 * whose sender (in any context) is then told to stop; then runs the kind's cancel() (a resumable upload is terminated
 * on the server). False when it is gone or being sent by a kind that cannot be stopped.
 */
export async function cancelOutboxItem(id: string, now: number = Date.now()): Promise<boolean> {
  const live = await liveSenders(now)
  const tx = (await outboxDb()).transaction('items', 'readwrite')
  const item = await tx.store.index('id').get(id)
  const kind = item && outboxKind(item.kind)
  const removable = item !== undefined && (!leaseHeld(item, now, live) || kind?.cancel !== undefined)
  if (removable) await tx.store.delete(item.seq!)
  await tx.done
  if (!removable) return false
  emitOutboxEvent({ type: 'cancelled', id })
  emitOutboxEvent({ type: 'changed' })
  await kind?.cancel?.(item).catch((e) => console.error('outbox cancel failed', e))
  return true
}

/** Every waiting item, oldest first. */
export async function readOutbox(): Promise<OutboxItem[]> {
  return (await outboxDb()).getAll('items')
}

/** Waiting items per kind; a kind with none waiting is absent. */
export function countByKind(items: OutboxItem[]): Record<string, number | undefined> {
  const counts: Record<string, number | undefined> = {}
  for (const i of items) counts[i.kind] = (counts[i.kind] ?? 0) + 1
  return counts
}

/**
 * The epoch ms at which the outbox can move again: when the oldest item's backoff or lease ends (items, oldest first;
 * everything behind the head waits for it), or undefined when empty.
 */
export function nextWakeAt(items: OutboxItem[]): number | undefined {
  const head = items[0]
  return head && Math.max(head.nextAttemptAt, head.leaseUntil)
}

/** Removes and returns the drop reports not yet shown; each report goes to exactly one caller. */
export async function takeDropReports(): Promise<DropReport[]> {
  const tx = (await outboxDb()).transaction('dropped', 'readwrite')
  const reports = await tx.store.getAll()
  await tx.store.clear()
  await tx.done
  return reports.sort((a, b) => a.droppedAt - b.droppedAt)
}

/** How long a sender holds an item of kind, ms. */
const leaseMsOf = (kind: string) => outboxKind(kind)?.leaseMs ?? DEFAULT_LEASE_MS

/**
 * Leases the oldest item when it is free and due (or force) to this context's sender; undefined when empty, held by
 * another live sender or backing off.
 */
async function claimHead(now: number, force: boolean): Promise<OutboxItem | undefined> {
  const owner = await senderId()
  const live = await liveSenders(now)
  const tx = (await outboxDb()).transaction('items', 'readwrite')
  const cursor = await tx.store.openCursor()
  const head = cursor?.value
  // Strict FIFO: when the head is busy or waiting, everything behind it waits too.
  if (!cursor || !head || leaseHeld(head, now, live) || (!force && head.nextAttemptAt > now)) return void (await tx.done)
  const claimed = { ...head, leaseUntil: now + leaseMsOf(head.kind), leasedAt: now, leaseOwner: owner }
  await cursor.update(claimed)
  await tx.done
  return claimed
}

/**
 * Stores patch in the claimed item (what its kind's send() saves: a resumable upload's URL and offset) and renews its
 * lease; false when the item is gone (removed by the visitor meanwhile).
 */
async function saveClaimed(item: OutboxItem, patch: object, now: number): Promise<boolean> {
  const tx = (await outboxDb()).transaction('items', 'readwrite')
  const stored = await tx.store.get(item.seq!)
  if (stored?.id === item.id) await tx.store.put({ ...stored, ...patch, leaseUntil: now + leaseMsOf(item.kind) })
  await tx.done
  if (stored?.id === item.id) emitOutboxEvent({ type: 'changed' })
  return stored?.id === item.id
}

/**
 * Applies outcome to the claimed item: deleted when sent, moved to the drop reports when refused, rescheduled (keeping
 * what its send saved) otherwise; answers whether it was rescheduled, and the report. An item removed while it was
 * being sent stays removed, unreported.
 */
async function settle(
  item: OutboxItem,
  outcome: SendOutcome,
  now: number,
  random: () => number,
): Promise<{ rescheduled: boolean; report?: DropReport }> {
  let report: DropReport | undefined
  const tx = (await outboxDb()).transaction(['items', 'dropped'], 'readwrite')
  const items = tx.objectStore('items')
  const stored = await items.get(item.seq!)
  if (stored?.id !== item.id) return (await tx.done, { rescheduled: false })
  if (outcome.type === 'retry') {
    const attempts = item.attempts + 1
    const delay = Math.max(backoffDelayMs(attempts, random), outcome.retryAfterMs ?? 0)
    await items.put({ ...stored, attempts, nextAttemptAt: now + delay, leaseUntil: 0, lastError: outcome.reason })
  } else {
    await items.delete(item.seq!)
    if (outcome.type === 'drop') {
      const subject = outboxKind(item.kind)?.report?.(item)
      report = {
        id: item.id,
        kind: item.kind,
        status: outcome.status,
        reason: outcome.reason,
        serverMessage: outcome.serverMessage,
        droppedAt: now,
        ...subject,
      }
      await tx.objectStore('dropped').put(report)
    }
  }
  await tx.done
  return { rescheduled: outcome.type === 'retry', report }
}

/** Sends the claimed item with a context (see SendContext) whose signal aborts when the visitor removes the item (from any context). */
async function sendClaimed(send: Sender, item: OutboxItem, options: FlushOptions, now: () => number): Promise<SendOutcome> {
  const cancel = new AbortController()
  const stop = onOutboxEvent((e) => e.type === 'cancelled' && e.id === item.id && cancel.abort())
  const fetchImpl = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init))
  const context: SendContext = { fetch: fetchImpl, signal: cancel.signal, save: (patch) => saveClaimed(item, patch, now()) }
  try {
    return await send(item, context)
  } finally {
    stop()
  }
}

/**
 * Sends waiting items oldest first until the outbox is empty, the head is held by another sender or backing off, or a
 * send fails (then the item is rescheduled and the flush stops). Safe to call concurrently from tabs and a service
 * worker. Emits 'sent' and 'dropped' events; the window turns drop reports into toasts. Never throws for HTTP answers.
 */
export async function flushOutbox(options: FlushOptions = {}): Promise<FlushResult> {
  const now = options.now ?? Date.now
  const random = options.random ?? Math.random
  const send = options.send ?? fetchSender(options.fetch, now)
  const result: FlushResult = { sent: 0, dropped: 0, retrying: false }
  for (;;) {
    const item = await claimHead(now(), options.force ?? false)
    if (!item) break
    emitOutboxEvent({ type: 'changed' })
    const outcome = await sendClaimed(send, item, options, now)
    const { rescheduled, report } = await settle(item, outcome, now(), random)
    if (outcome.type === 'sent') result.sent++
    if (report) result.dropped++
    emitOutboxEvent(
      outcome.type === 'sent'
        ? { type: 'sent', id: item.id, kind: item.kind, body: outcome.body }
        : report
          ? { type: 'dropped', id: item.id, kind: item.kind, report }
          : { type: 'changed' },
    )
    if (rescheduled) {
      result.retrying = true
      break
    }
  }
  return result
}

/**
 * The service worker's Background Sync handler for OUTBOX_SYNC_TAG: sends everything waiting (backoff ignored) and
 * rejects while items still wait, after a failed send or behind another sender's lease (a tab closed a moment ago may
 * not have let go of its lock yet), so the browser schedules the sync again. sw.ts calls it as
 * `event.waitUntil(syncOutbox())` for a sync event tagged OUTBOX_SYNC_TAG.
 */
export async function syncOutbox(options: Omit<FlushOptions, 'force'> = {}): Promise<void> {
  const result = await flushOutbox({ ...options, force: true })
  if (result.retrying || (await readOutbox()).length > 0) throw new Error('Outbox items are still waiting; the sync will be retried')
}
