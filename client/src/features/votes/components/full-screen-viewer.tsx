/**
 * FullScreenViewer (public-visitor §2 Rate screen): the item to rate over a black backdrop, closed by Escape, a click
 * on the backdrop or its close button; focus returns to the element that opened it. children is the media element
 * (MediaView renders it); ratio its width / height. Loaded lazily by MediaView the first time it opens.
 */
import * as RadixDialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import { useState, type ReactNode } from 'react'

/** Props: the media element, its aspect ratio (width / height) and onClose. */
export type FullScreenViewerProps = { children: ReactNode; ratio: number; onClose(): void }

function FullScreenViewer({ children, ratio, onClose }: FullScreenViewerProps) {
  // Opened without a Radix Trigger (the dialog is mounted only while open), so focus goes back to the opener by hand.
  const [opener] = useState(() => document.activeElement as HTMLElement | null)
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/95" />
        <RadixDialog.Content
          aria-label="Full-screen viewer"
          className="fixed inset-0 z-50 grid place-items-center p-4"
          onClick={(e) => e.target === e.currentTarget && onClose()}
          onCloseAutoFocus={(e) => (e.preventDefault(), opener?.focus())}
        >
          <RadixDialog.Title className="sr-only">Full-screen viewer</RadixDialog.Title>
          <RadixDialog.Description className="sr-only">Press Escape to close</RadixDialog.Description>
          <div className="max-h-full max-w-full" style={{ aspectRatio: ratio, height: '100%' }}>
            {children}
          </div>
          <RadixDialog.Close
            aria-label="Close viewer"
            className="absolute right-4 top-4 grid h-11 w-11 place-items-center rounded-full bg-zinc-800/80 text-white hover:bg-zinc-700"
          >
            <X aria-hidden className="h-6 w-6" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

export { FullScreenViewer }
