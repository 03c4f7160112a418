/**
 * Browser-test helpers for the PWA (issue #5): waitForServiceWorker() waits until the service worker is active
 * (its install, and so the precache of the app shell, finished) and controls the page; cacheNames() lists the
 * page's Cache Storage.
 */
import type { Page } from 'playwright-core'

/** Waits until a service worker is activated and controls page (clients.claim() after the first install); answers its script URL. */
export async function waitForServiceWorker(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }))
    const worker = registration.active
    while (worker && worker.state !== 'activated') await new Promise((resolve) => worker.addEventListener('statechange', resolve, { once: true }))
    return worker?.scriptURL ?? ''
  })
}

/** The names of the page's caches and how many entries each holds. */
export function cacheEntries(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const result: Record<string, number> = {}
    for (const name of await caches.keys()) result[name] = (await (await caches.open(name)).keys()).length
    return result
  })
}
