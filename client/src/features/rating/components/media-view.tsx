/**
 * MediaView: the item to rate, an image or a looping muted video sized by useMediaHeight (fallback 16x9),
 * opening a full-screen viewer on click that closes on Escape, backdrop click or its close button. Images come from
 * their WebP variants by srcset (issue #11: the width the box needs at the screen's pixel ratio), over the placeholder.
 */
import * as RadixDialog from '@radix-ui/react-dialog'
import { useState } from 'react'
import type { RateMedia } from '@contract/media'
import { MediaPicture } from '@client/components/media-picture'
import { mediaBoxWidth, useMediaHeight } from '../hooks/use-media-height'

/** Props: item; onError when the file cannot be loaded (the screen skips it). */
function MediaView({ item, onError }: { item: RateMedia; onError(): void }) {
  const height = useMediaHeight()
  const [open, setOpen] = useState(false)
  const ratio = item.width && item.height ? `${item.width} / ${item.height}` : '16 / 9'
  const isVideo = item.mimeType.startsWith('video/')
  const media = (full: boolean) => (
    <MediaPicture
      key={item.id}
      item={item}
      sizes={full ? '100vw' : `${mediaBoxWidth(item, window.innerWidth, height)}px`}
      alt={isVideo ? 'Video to rate' : 'Photo to rate'}
      autoPlay
      controls={full}
      onError={onError}
      className="h-full w-full"
    />
  )
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Trigger asChild>
        <button type="button" aria-label="Open full-screen viewer" className="mx-auto block max-w-full overflow-hidden rounded-2xl bg-black shadow-2xl" style={{ height, aspectRatio: ratio }}>
          {media(false)}
        </button>
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/95" />
        <RadixDialog.Content aria-label="Full-screen viewer" className="fixed inset-0 z-50 grid place-items-center p-4" onClick={(e) => e.target === e.currentTarget && setOpen(false)}>
          <RadixDialog.Title className="sr-only">Full-screen viewer</RadixDialog.Title>
          <RadixDialog.Description className="sr-only">Press Escape to close</RadixDialog.Description>
          <div className="max-h-full max-w-full" style={{ aspectRatio: ratio, height: '100%' }}>
            {media(true)}
          </div>
          <RadixDialog.Close aria-label="Close viewer" className="absolute right-4 top-4 rounded-full bg-zinc-800/80 px-3 py-1 text-2xl text-white hover:bg-zinc-700">
            ×
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

export { MediaView }
