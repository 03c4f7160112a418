/**
 * The browser's install offer: captureInstallPrompt() (called once by the entry, before the app starts, so
 * an early event is not missed) keeps the beforeinstallprompt event that Chromium browsers fire when the app is
 * installable; promptInstall() shows the browser's install dialog with it. Safari never fires it.
 */
import { createExternalStore } from '@client/lib/external-store'

/** Chromium's beforeinstallprompt event (not in the DOM typings). */
export type BeforeInstallPromptEvent = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> }

/** What the install UI needs: canInstall (an offer is held), installed (appinstalled fired in this page). */
export type InstallState = { canInstall: boolean; installed: boolean }

let deferred: BeforeInstallPromptEvent | undefined
const store = createExternalStore<InstallState>({ canInstall: false, installed: false })

/** Starts listening for beforeinstallprompt and appinstalled; call once at start. */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault() // keep the offer for our own Install button instead of the browser's mini-infobar
    deferred = event as BeforeInstallPromptEvent
    store.set({ ...store.get(), canInstall: true })
  })
  window.addEventListener('appinstalled', () => {
    deferred = undefined
    store.set({ canInstall: false, installed: true })
  })
}

/** Subscribes to install state changes; answers the unsubscribe function (useSyncExternalStore shape). */
export const subscribeInstallState = (listener: () => void): (() => void) => store.subscribe(listener)

/** The current install state (a stable object until it changes). */
export const getInstallState = () => store.get()

/** Shows the browser's install dialog; answers the visitor's choice, or 'unavailable' when no offer is held. An offer is used once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred
  if (!event) return 'unavailable'
  deferred = undefined
  store.set({ ...store.get(), canInstall: false })
  await event.prompt()
  return (await event.userChoice).outcome
}

/** True on iPhone, iPad and iPod (iPadOS reports itself as a Mac with touch), where every browser is Safari's WebKit. */
export function isIosDevice(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): boolean {
  return /iPhone|iPad|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1)
}
