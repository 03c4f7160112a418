/**
 * React views of the outbox: useOutboxState() reads the waiting items live (any tab or the service worker
 * writing emits an event that reloads the snapshot), useOnline() follows navigator.onLine, useOutboxEvent() hears
 * sends, drops and upload progress.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react'
import type { OutboxItem } from './outbox-db'
import { onOutboxEvent, type OutboxEvent } from './outbox-events'
import { countByKind, readOutbox } from './outbox'

/** One waiting item as the UI sees it; status: 'sending' while a sender holds it, else 'waiting'. */
export type OutboxEntry = {
  id: string
  kind: string
  status: 'waiting' | 'sending'
  attempts: number
  lastError?: string
  item: OutboxItem
}
/** The outbox as the UI sees it: entries oldest first, counts per kind (absent: none waiting); loaded false until first read. */
export type OutboxState = { loaded: boolean; entries: OutboxEntry[]; counts: Record<string, number | undefined> }

const EMPTY: OutboxState = { loaded: false, entries: [], counts: {} }
let snapshot = EMPTY
const subscribers = new Set<() => void>()
let stopEvents: (() => void) | undefined
let reading: Promise<void> | undefined
let stale = false

function toEntry(item: OutboxItem): OutboxEntry {
  return {
    id: item.id,
    kind: item.kind,
    status: item.leaseUntil > Date.now() ? 'sending' : 'waiting',
    attempts: item.attempts,
    lastError: item.lastError,
    item,
  }
}

/** Re-reads the outbox; reads requested during a read coalesce into one more read after it. */
function reload(): void {
  if (reading) return void (stale = true)
  reading = readOutbox()
    .then((items) => {
      snapshot = { loaded: true, entries: items.map(toEntry), counts: countByKind(items) }
      subscribers.forEach((s) => s())
    })
    .catch((e) => console.error('outbox read failed', e))
    .finally(() => {
      reading = undefined
      if (stale) {
        stale = false
        reload()
      }
    })
}

function subscribe(callback: () => void): () => void {
  subscribers.add(callback)
  if (subscribers.size === 1) {
    stopEvents = onOutboxEvent((e) => e.type !== 'progress' && reload())
    reload()
  }
  return () => {
    subscribers.delete(callback)
    if (subscribers.size === 0) stopEvents?.()
  }
}

/** The live outbox state (see OutboxState). */
export const useOutboxState = (): OutboxState => useSyncExternalStore(subscribe, () => snapshot)

const subscribeOnline = (callback: () => void) => {
  window.addEventListener('online', callback)
  window.addEventListener('offline', callback)
  return () => {
    window.removeEventListener('online', callback)
    window.removeEventListener('offline', callback)
  }
}

/** navigator.onLine, updated on the online and offline events. */
export const useOnline = (): boolean => useSyncExternalStore(subscribeOnline, () => navigator.onLine)

/** Calls the latest listener for every outbox event while mounted. */
export function useOutboxEvent(listener: (event: OutboxEvent) => void): void {
  const latest = useRef(listener)
  latest.current = listener
  useEffect(() => onOutboxEvent((e) => latest.current(e)), [])
}
