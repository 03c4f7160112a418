/** Toaster: renders the current toast with Radix Toast (public-visitor §9: 5000 ms, swipe right over 50 px, F8 focuses the region). */
import { X } from 'lucide-react'
import * as RadixToast from '@radix-ui/react-toast'
import { cn } from '@client/lib/cn'
import { dismissToast, useCurrentToast } from '@client/lib/toast'

/** Toast duration, ms. */
export const TOAST_DURATION_MS = 5000

function Toaster() {
  const message = useCurrentToast()
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {message && (
        <RadixToast.Root
          key={message.id}
          onOpenChange={(open) => !open && dismissToast(message.id)}
          className={cn(
            'grid gap-1 rounded-xl border p-4 pr-8 shadow-2xl data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0 transition',
            message.variant === 'destructive' ? 'border-red-500 bg-red-600 text-white' : 'border-zinc-700 bg-zinc-900 text-zinc-100',
          )}
        >
          <RadixToast.Title className="font-semibold">{message.title}</RadixToast.Title>
          {message.description && <RadixToast.Description className="text-sm opacity-90">{message.description}</RadixToast.Description>}
          <RadixToast.Close aria-label="Close" className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100">
            <X aria-hidden className="h-4 w-4" />
          </RadixToast.Close>
        </RadixToast.Root>
      )}
      <RadixToast.Viewport className="fixed bottom-20 right-4 z-[100] flex w-[360px] max-w-[calc(100vw-2rem)] flex-col gap-2 outline-none md:bottom-4" />
    </RadixToast.Provider>
  )
}

export { Toaster }
