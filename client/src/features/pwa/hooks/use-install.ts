/** useInstall: the install offer and whether to show the iOS install hint, for the install card. */
import { useSyncExternalStore } from 'react'
import { isStandalone } from '@client/lib/persistent-storage'
import { getInstallState, isIosDevice, promptInstall, subscribeInstallState } from '../install-prompt'

/**
 * Answers canInstall (the browser offers installing: show the Install button), showIosHint (iOS, not yet running
 * from the home screen, no offer: explain Add to Home Screen), installed (running installed or just installed) and
 * install() (opens the browser's dialog).
 */
export function useInstall() {
  const state = useSyncExternalStore(subscribeInstallState, getInstallState)
  const installed = state.installed || isStandalone()
  return {
    canInstall: state.canInstall && !installed,
    showIosHint: !state.canInstall && !installed && isIosDevice(),
    installed,
    install: promptInstall,
  }
}
