/**
 * Service worker registration through workbox-window and the "update waiting" state read by the update
 * prompt: registerServiceWorker() once the page has loaded, in production builds (start.tsx); when a new version has
 * installed and waits, isUpdateWaiting() turns true; applyUpdate() asks it to take over and reloads once it controls
 * the page.
 */
import type { Workbox } from 'workbox-window'
import { createExternalStore } from './external-store'
import { swScriptUrl } from './sw-paths'

let workbox: Workbox | undefined
const waiting = createExternalStore(false)

/**
 * Registers the worker (swScriptUrl of the public media base that mediaBase answers: site settings' mediaBaseUrl) for
 * scope / after the page has loaded. No-op where service workers are unavailable, and when mediaBase fails (offline
 * without the settings cached) while a worker already controls the page: that worker keeps its own script URL, which
 * registering another would replace. workbox-window is loaded then, not with the first load's script.
 */
export async function registerServiceWorker(mediaBase: () => Promise<string | null>): Promise<void> {
  if (!('serviceWorker' in navigator) || workbox) return
  const base = await mediaBase().catch(() => undefined)
  if (base === undefined && navigator.serviceWorker.controller) return
  const { Workbox } = await import('workbox-window')
  if (workbox) return
  workbox = new Workbox(swScriptUrl(base ?? null), { scope: '/' })
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
