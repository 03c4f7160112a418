/**
 * Service worker registration through workbox-window and the "update waiting" state read by the update
 * prompt: registerServiceWorker() once the page has loaded, in production builds (start.tsx); when a new version has
 * installed and waits, isUpdateWaiting() turns true; applyUpdate() asks it to take over and reloads once it controls
 * the page.
 */
import type { Workbox } from 'workbox-window'
import { createExternalStore } from './external-store'

/** URL of the built service worker (client/dist/sw.js, served no-cache by server/http/static-client.ts). */
export const SW_URL = '/sw.js'

let workbox: Workbox | undefined
const waiting = createExternalStore(false)

/**
 * Registers SW_URL for scope / after the page has loaded. No-op where service workers are unavailable. workbox-window
 * is loaded then, not with the first load's script.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || workbox) return
  const { Workbox } = await import('workbox-window')
  if (workbox) return
  workbox = new Workbox(SW_URL, { scope: '/' })
  workbox.addEventListener('waiting', () => waiting.set(true))
  await workbox.register().catch((error: unknown) => console.warn('Service worker registration failed', error))
}

/** Subscribes to changes of isUpdateWaiting(); answers the unsubscribe function (useSyncExternalStore shape). */
export const subscribeUpdateWaiting = (listener: () => void): (() => void) => waiting.subscribe(listener)

/** True while a new service worker version is installed and waiting for the visitor's go-ahead. */
export const isUpdateWaiting = () => waiting.get()

/** Tells the waiting version to skip waiting, then reloads the page once it controls it. */
export function applyUpdate(): void {
  if (!workbox) return
  workbox.addEventListener('controlling', () => window.location.reload())
  workbox.messageSkipWaiting()
}
