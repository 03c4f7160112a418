/**
 * Outbox change notices: every write to the outbox emits an event to listeners in this context and, over
 * a BroadcastChannel, to other tabs and the service worker, so their views of the outbox update live. Works in a
 * window, a worker and a service worker (no DOM API); without BroadcastChannel only this context hears.
 */
import type { DropReport } from './outbox-db'

/** Name of the BroadcastChannel the outbox talks on. */
export const OUTBOX_CHANNEL = 'hotvote-outbox'

/**
 * An outbox event (kind: the item's registered kind). changed: items were added, claimed or rescheduled; sent: item id reached the server (body: the
 * answer's JSON); dropped: the server refused it (the same report also waits in the dropped store); cancelled: the
 * visitor removed item id (its sender, in any context, stops); progress: upload percent 0-100 (this context only).
 */
export type OutboxEvent =
  | { type: 'changed' }
  | { type: 'sent'; id: string; kind: string; body: unknown }
  | { type: 'dropped'; id: string; kind: string; report: DropReport }
  | { type: 'cancelled'; id: string }
  | { type: 'progress'; id: string; percent: number }

const listeners = new Set<(event: OutboxEvent) => void>()
let channel: BroadcastChannel | null | undefined

function sharedChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(OUTBOX_CHANNEL) : null
    if (channel)
      channel.onmessage = (e: MessageEvent<OutboxEvent>) => listeners.forEach((l) => l(e.data))
      // Node-like runtimes (bun test) would otherwise stay alive for the open channel.
    ;(channel as { unref?(): void } | null)?.unref?.()
  }
  return channel
}

/** Tells this context's listeners and (except progress) every other context about event. */
export function emitOutboxEvent(event: OutboxEvent): void {
  listeners.forEach((l) => l(event))
  if (event.type !== 'progress') sharedChannel()?.postMessage(event)
}

/** Calls listener for every outbox event from any context; returns the unsubscribe function. */
export function onOutboxEvent(listener: (event: OutboxEvent) => void): () => void {
  sharedChannel()
  listeners.add(listener)
  return () => listeners.delete(listener)
}
