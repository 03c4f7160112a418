/**
 * UpdatePrompt: when a new version of the app has installed and waits, a banner 'A new version is
 * available' with a Reload button, which lets the new service worker take over and reloads the page.
 */
import { useState, useSyncExternalStore } from 'react'
import { Button } from '@client/components/ui/button'
import { applyUpdate, isUpdateWaiting, subscribeUpdateWaiting } from '@client/lib/sw-registration'

function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeUpdateWaiting, isUpdateWaiting)
  const [reloading, setReloading] = useState(false)
  if (!waiting) return null
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-24 z-50 mx-auto flex max-w-md items-center justify-between gap-4 rounded-xl border border-zinc-700 bg-zinc-900 p-4 shadow-xl md:bottom-6"
    >
      <p className="text-sm text-zinc-100">A new version is available</p>
      <Button
        size="sm"
        disabled={reloading}
        onClick={() => {
          setReloading(true)
          applyUpdate()
        }}
      >
        Reload
      </Button>
    </div>
  )
}

export { UpdatePrompt }
