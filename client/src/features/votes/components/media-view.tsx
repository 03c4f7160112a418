/**
 * MediaView: the item to rate, an image or a looping muted video in a box of its own aspect ratio (fallback 16x9) as
 * wide as the column and at most useMediaHeight tall, so a landscape photo fills the width with no tall black box;
 * the box is centred in an area useMediaHeight tall for every item, so a vote moves nothing (Cumulative Layout
 * Shift 0). Images come from their WebP variants by srcset (the width the box needs at the screen's pixel
 * ratio), over the placeholder; a video plays its small rendition when the box needs no more (always under Data
 * Saver), else its own file. A click opens the full-screen viewer, whose code loads on that first click (none of it
 * is in the first load). A video autoplays unless the system asks for reduced motion, and has a visible Pause/Play control
 * (WCAG 2.2.2). The box's picture is the page's LCP element: fetched eagerly at high priority, and its load
 * (or failure) opens the prefetch queue's gate (first-media.ts). A video or an animated image (GIF, WebP) that is the
 * page's first item shows its still poster as that picture, and its video or animation loads only once the gate has
 * opened, so the visitor can vote before any of those bytes compete with the first screen. When the system asks for
 * reduced motion, an animated image with a poster stays on its poster in the box (the full-screen viewer, opened on
 * purpose, shows the animation).
 */
import { Pause, Play } from 'lucide-react'
import { memo, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { RateMedia } from '@contract/media'
import { lazyComponent } from '@client/lib/lazy-component'
import { usePrefersReducedMotion } from '@client/lib/preferences'
import { MediaPicture } from '@client/components/media-picture'
import { afterFirstMedia, firstMediaSettledAlready, markFirstMediaShown } from '../first-media'
import { mediaBoxWidth, useMediaHeight } from '../hooks/use-media-height'

/** Settles the first-load gate two frames from now (the picture painted) if the view is still mounted then. */
function settleAfterPaint(mounted: { current: boolean }): void {
  requestAnimationFrame(() => requestAnimationFrame(() => mounted.current && markFirstMediaShown()))
}

const FullScreenViewer = lazyComponent(() => import('./full-screen-viewer'), 'FullScreenViewer')

/**
 * Props: item; onError when the file cannot be loaded (the screen skips it). Memoized: a change of the queue behind
 * the item on screen (a refill) re-renders the screen's shell, not the view.
 */
const MediaView = memo(function MediaView({ item, onError }: { item: RateMedia; onError(): void }) {
  const height = useMediaHeight()
  const [open, setOpen] = useState(false)
  const reducedMotion = usePrefersReducedMotion()
  const video = useRef<HTMLVideoElement>(null)
  const [playing, setPlaying] = useState(false)
  const ratio = item.width && item.height ? item.width / item.height : 16 / 9
  const isVideo = item.mimeType.startsWith('video/')
  // The first item's video or animation waits behind its poster until the first-load gate opens and the poster has
  // been painted (two frames: the page's largest paint is the poster, not a video or animation put in its place
  // before it showed); later ones load at once. Only a video or an animation has a poster.
  const [motionOn, setMotionOn] = useState(() => !item.posterUrl || firstMediaSettledAlready())
  useEffect(() => {
    if (motionOn) return
    let current = true
    void afterFirstMedia().then(() => requestAnimationFrame(() => requestAnimationFrame(() => current && setMotionOn(true))))
    return () => {
      current = false
    }
  }, [motionOn])
  const stillOnly = !motionOn || (!isVideo && reducedMotion)
  // Only a view that stays on screen settles the first-load gate, once its picture has been painted: React creates the
  // picture (which starts loading) while it renders, and a render it throws away, or a view it removes before the next
  // frame, must not open the gate for a picture never painted (the view rendered next would then skip the poster).
  const mounted = useRef(false)
  const settledBeforeMount = useRef(false)
  const settle = () => (mounted.current ? settleAfterPaint(mounted) : void (settledBeforeMount.current = true))
  useLayoutEffect(() => {
    mounted.current = true
    if (settledBeforeMount.current) settleAfterPaint(mounted)
    return () => {
      mounted.current = false
    }
  }, [])
  const media = (full: boolean) => (
    <MediaPicture
      key={item.id}
      item={item}
      sizes={full ? '100vw' : `${mediaBoxWidth(item, window.innerWidth, height)}px`}
      boxWidth={full ? window.innerWidth : mediaBoxWidth(item, window.innerWidth, height)}
      alt={isVideo ? 'Video to rate' : 'Photo to rate'}
      posterOnly={!full && stillOnly}
      autoPlay={!reducedMotion}
      controls={full}
      videoRef={full ? undefined : video}
      onPlayingChange={full ? undefined : setPlaying}
      priority={!full}
      onShown={full ? undefined : settle}
      onError={() => {
        settle()
        onError()
      }}
      className="h-full w-full"
    />
  )
  return (
    <>
      {/* The area keeps the media height for every item, so a vote moves nothing below it (CLS 0); the
          box inside takes the photo's shape, so a landscape photo fills the width with no black bars.
          min-h-0: no automatic minimum height from the loaded image, which grew the box by a subpixel when it arrived. */}
      <div className="flex w-full items-center justify-center" style={{ height }}>
        <div className="relative min-h-0" style={{ aspectRatio: ratio, width: `min(100%, ${Math.floor(height * ratio)}px)` }}>
          <button
            type="button"
            aria-label="Open full-screen viewer"
            aria-haspopup="dialog"
            onClick={() => setOpen(true)}
            className="block h-full w-full overflow-hidden rounded-2xl bg-black shadow-2xl"
          >
            {media(false)}
          </button>
          {isVideo && (
            <button
              type="button"
              aria-label={playing ? 'Pause video' : 'Play video'}
              onClick={() =>
                !motionOn ? setMotionOn(true) : video.current?.paused ? void video.current.play().catch(() => {}) : video.current?.pause()
              }
              className="absolute right-3 top-3 grid h-11 w-11 place-items-center rounded-full bg-zinc-900/85 text-white hover:bg-zinc-800 focus-visible:outline-2 focus-visible:outline-rose-400"
            >
              {playing ? <Pause aria-hidden className="h-5 w-5" /> : <Play aria-hidden className="h-5 w-5" />}
            </button>
          )}
        </div>
      </div>
      {open && (
        <Suspense fallback={null}>
          <FullScreenViewer ratio={ratio} onClose={() => setOpen(false)}>
            {media(true)}
          </FullScreenViewer>
        </Suspense>
      )}
    </>
  )
})

export { MediaView }
