/**
 * MediaView: the item to rate, an image or a looping muted video sized by useMediaHeight (fallback 16x9),
 * opening a full-screen viewer on click that closes on Escape, backdrop click or its close button. Images come from
 * their WebP variants by srcset (issue #11: the width the box needs at the screen's pixel ratio), over the placeholder.
 * A video autoplays unless the system asks for reduced motion, and has a visible Pause/Play control (issue #13, WCAG 2.2.2).
 */
import * as RadixDialog from '@radix-ui/react-dialog'
import { Pause, Play, X } from 'lucide-react'
import { useRef, useState } from 'react'
import type { RateMedia } from '@contract/media'
import { usePrefersReducedMotion } from '@client/lib/preferences'
import { MediaPicture } from '@client/components/media-picture'
import { mediaBoxWidth, useMediaHeight } from '../hooks/use-media-height'

/** Props: item; onError when the file cannot be loaded (the screen skips it). */
function MediaView({ item, onError }: { item: RateMedia; onError(): void }) {
  const height = useMediaHeight()
  const [open, setOpen] = useState(false)
  const reducedMotion = usePrefersReducedMotion()
  const video = useRef<HTMLVideoElement>(null)
  const [playing, setPlaying] = useState(false)
  const ratio = item.width && item.height ? `${item.width} / ${item.height}` : '16 / 9'
  const isVideo = item.mimeType.startsWith('video/')
  const media = (full: boolean) => (
    <MediaPicture
      key={item.id}
      item={item}
      sizes={full ? '100vw' : `${mediaBoxWidth(item, window.innerWidth, height)}px`}
      alt={isVideo ? 'Video to rate' : 'Photo to rate'}
      autoPlay={!reducedMotion}
      controls={full}
      videoRef={full ? undefined : video}
      onPlayingChange={full ? undefined : setPlaying}
      onError={onError}
      className="h-full w-full"
    />
  )
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <div className="relative mx-auto max-w-full" style={{ height, aspectRatio: ratio }}>
        <RadixDialog.Trigger asChild>
          <button type="button" aria-label="Open full-screen viewer" className="block h-full w-full overflow-hidden rounded-2xl bg-black shadow-2xl">
            {media(false)}
          </button>
        </RadixDialog.Trigger>
        {isVideo && (
          <button
            type="button"
            aria-label={playing ? 'Pause video' : 'Play video'}
            onClick={() => (video.current?.paused ? void video.current.play().catch(() => {}) : video.current?.pause())}
            className="absolute right-3 top-3 grid h-11 w-11 place-items-center rounded-full bg-zinc-900/85 text-white hover:bg-zinc-800 focus-visible:outline-2 focus-visible:outline-rose-400"
          >
            {playing ? <Pause aria-hidden className="h-5 w-5" /> : <Play aria-hidden className="h-5 w-5" />}
          </button>
        )}
      </div>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/95" />
        <RadixDialog.Content aria-label="Full-screen viewer" className="fixed inset-0 z-50 grid place-items-center p-4" onClick={(e) => e.target === e.currentTarget && setOpen(false)}>
          <RadixDialog.Title className="sr-only">Full-screen viewer</RadixDialog.Title>
          <RadixDialog.Description className="sr-only">Press Escape to close</RadixDialog.Description>
          <div className="max-h-full max-w-full" style={{ aspectRatio: ratio, height: '100%' }}>
            {media(true)}
          </div>
          <RadixDialog.Close aria-label="Close viewer" className="absolute right-4 top-4 grid h-11 w-11 place-items-center rounded-full bg-zinc-800/80 text-white hover:bg-zinc-700">
            <X aria-hidden className="h-6 w-6" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

export { MediaView }
