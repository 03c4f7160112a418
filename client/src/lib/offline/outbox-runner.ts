/**
 * When the window sends the outbox: at start and on the 'online' event (items still backing off are sent
 * too), right after something is queued, and when the earliest backoff or lease ends. Where the browser has
 * Background Sync a sync is also registered under OUTBOX_SYNC_TAG, so the service worker replays the outbox even
 * after the tab is gone; nothing depends on it (Safari has none).
 */
import { onOutboxEvent } from './outbox-events'
import { flushOutbox, nextWakeAt, OUTBOX_SYNC_TAG, readOutbox } from './outbox'
import { windowSender } from './window-sender'

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }

/** Registers a Background Sync for the outbox when a service worker is registered and the browser has the API; never throws. */
export async function requestOutboxSync(): Promise<void> {
  try {
    if (!('serviceWorker' in navigator) || !(await navigator.serviceWorker.getRegistration())) return
    const registration = (await navigator.serviceWorker.ready) as SyncRegistration
    await registration.sync?.register(OUTBOX_SYNC_TAG)
  } catch {
    // No permission or no support: the online event, start-up and the backoff timer still replay.
  }
}

let running = false
let again: boolean | undefined
let timer: ReturnType<typeof setTimeout> | undefined
const send = windowSender()

/** Re-arms the timer for the earliest moment a waiting item becomes sendable. */
async function scheduleWake(): Promise<void> {
  clearTimeout(timer)
  const wake = nextWakeAt(await readOutbox())
  if (wake !== undefined) timer = setTimeout(() => void flushNow(false), Math.max(50, wake - Date.now()))
}

/** Sends what is waiting now (force: also items backing off); a request during a running flush runs after it. */
export async function flushNow(force: boolean): Promise<void> {
  // Offline, the online event is the trigger (and Background Sync where there is one); no timer spins meanwhile.
  if (!navigator.onLine) return void requestOutboxSync()
  if (running) {
    again = (again ?? false) || force
    return
  }
  running = true
  try {
    const result = await flushOutbox({ send, force })
    if (result.retrying) void requestOutboxSync()
  } catch (e) {
    console.error('outbox flush failed', e)
  } finally {
    running = false
  }
  await scheduleWake()
  if (again !== undefined) {
    const forced = again
    again = undefined
    await flushNow(forced)
  }
}

let started = 0
let stopAll: (() => void) | undefined

/** Starts the window's triggers (idempotent, reference-counted); returns the function that stops them. */
export function startOutboxRunner(): () => void {
  if (started++ === 0) {
    const onOnline = () => void flushNow(true)
    window.addEventListener('online', onOnline)
    // Something queued here (or a drop/send elsewhere changed the head): try at once, respecting backoff.
    const off = onOutboxEvent((e) => {
      if (e.type === 'changed') void flushNow(false)
    })
    void flushNow(true)
    stopAll = () => {
      window.removeEventListener('online', onOnline)
      off()
      clearTimeout(timer)
    }
  }
  return () => {
    if (--started === 0) stopAll?.()
  }
}
