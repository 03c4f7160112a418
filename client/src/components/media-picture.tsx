/**
 * MediaPicture: an item's image through `<img srcset sizes>` from its WebP variants, or its video with
 * the poster frame (given the box's width, the video file is chosen as a srcset would choose: its small rendition
 * in a small box or under Data Saver, else its own file); the thumbhash placeholder is drawn on a canvas filling the box before the first paint, and the
 * file fades in over it. The box's size is the caller's (className/style): nothing inside changes it when the file
 * arrives. A priority picture (the page's LCP element) is fetched at once at high priority and
 * painted as it arrives, without the fade. A video or an animated image asked to show its poster only renders the
 * still poster as such a picture and loads none of the video or animation until the caller turns it on; an animation
 * then loads behind the poster, in the same box, and replaces it once decoded (no flash, no layout shift, and no
 * larger paint than the poster's).
 */
import { useLayoutEffect, useRef, useState, type CSSProperties, type Ref } from 'react'
import { cn } from '@client/lib/cn'
import { fileFor, placeholderPixels, saveDataOn, srcSetOf, type DisplayItem } from '@client/lib/media-variants'

/** The thumbhash placeholder stretched over its parent box; drawn in a layout effect, so before the first paint. */
function Placeholder({ hash }: { hash: string | null }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const pixels = placeholderPixels(hash)
  useLayoutEffect(() => {
    if (pixels) canvas.current?.getContext('2d')?.putImageData(new ImageData(pixels.rgba, pixels.w, pixels.h), 0, 0)
  }, [pixels])
  if (!pixels) return null
  return (
    <canvas
      ref={canvas}
      width={pixels.w}
      height={pixels.h}
      aria-hidden
      data-placeholder="thumbhash"
      className="absolute inset-0 h-full w-full"
    />
  )
}

type Props = {
  item: DisplayItem
  /** The `sizes` attribute: the CSS width the image is shown at, e.g. '358px' or '(min-width: 768px) 25vw, 50vw'. */
  sizes: string
  /** For a video: the box's CSS width in px, to choose its file by (fileFor); without it the video plays its own file. */
  boxWidth?: number
  alt: string
  className?: string
  style?: CSSProperties
  /** object-fit of the file inside the box. */
  fit?: 'contain' | 'cover'
  loading?: 'lazy' | 'eager'
  /** The page's main picture (its LCP element): fetchpriority="high" and loading eager, whatever loading says. */
  priority?: boolean
  /**
   * For a video or an animated image with a poster: show only the poster, as an image (onShown once it has loaded and
   * decoded); the video element or the animation comes when this turns false.
   */
  posterOnly?: boolean
  /** For a video: play at once (muted, looping) and show controls. */
  autoPlay?: boolean
  controls?: boolean
  /** For a video: its element (for a play/pause control of the caller's) and a callback on play (true) and pause (false). */
  videoRef?: Ref<HTMLVideoElement>
  onPlayingChange?(playing: boolean): void
  /** Called when the file is on screen: the image has loaded, or the video's first frame. */
  onShown?(): void
  onError?(): void
}

function MediaPicture({
  item,
  sizes,
  boxWidth,
  alt,
  className,
  style,
  fit = 'contain',
  loading,
  posterOnly = false,
  autoPlay = false,
  controls = false,
  priority = false,
  videoRef,
  onPlayingChange,
  onShown,
  onError,
}: Props) {
  const [loaded, setLoaded] = useState(false)
  // An animation that follows its poster: the poster stays on screen until the animation has decoded.
  const [posterPainted, setPosterPainted] = useState(false)
  const [animationShown, setAnimationShown] = useState(false)
  const fitClass = cn('relative h-full w-full', fit === 'cover' ? 'object-cover' : 'object-contain')
  const isVideo = item.mimeType.startsWith('video/')
  const poster = item.posterUrl ?? undefined
  const behindPoster = !isVideo && !posterOnly && posterPainted && !animationShown
  const posterImage = (
    <img
      src={poster}
      alt={alt}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      // Shown once decoded (an async decode may paint frames after the load event), so the caller's next step
      // comes after the poster is on screen.
      onLoad={(e) =>
        void e.currentTarget.decode().then(
          () => {
            setPosterPainted(true)
            onShown?.()
          },
          () => onShown?.(),
        )
      }
      onError={onError}
      className={fitClass}
    />
  )
  return (
    <div className={cn('relative overflow-hidden bg-zinc-900', className)} style={style}>
      <Placeholder hash={item.placeholder} />
      {poster && (posterOnly || behindPoster) && posterImage}
      {posterOnly && poster ? null : isVideo ? (
        <video
          ref={videoRef}
          src={boxWidth ? fileFor(item, boxWidth, window.devicePixelRatio || 1, saveDataOn()).url : item.url}
          poster={poster}
          aria-label={alt}
          autoPlay={autoPlay}
          controls={controls}
          muted
          loop
          playsInline
          preload={autoPlay ? 'auto' : 'metadata'}
          onPlay={() => onPlayingChange?.(true)}
          onPause={() => onPlayingChange?.(false)}
          onLoadedData={onShown}
          onError={onError}
          className={fitClass}
        />
      ) : (
        <img
          src={item.variants.length ? item.variants[Math.min(1, item.variants.length - 1)].url : item.url}
          srcSet={srcSetOf(item)}
          sizes={item.variants.length ? sizes : undefined}
          alt={behindPoster ? '' : alt}
          loading={priority ? 'eager' : loading}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          onLoad={(e) => {
            setLoaded(true)
            onShown?.()
            // Behind its poster: shown in the poster's place once decoded, so no frame shows the box without either.
            if (behindPoster)
              void e.currentTarget.decode().then(
                () => setAnimationShown(true),
                () => setAnimationShown(true),
              )
          }}
          onError={onError}
          // Behind its poster: over it in the same box, invisible until decoded. The priority picture shows as it
          // arrives (a fade would hold back the page's largest paint); others fade in.
          className={cn(
            fitClass,
            behindPoster && 'absolute inset-0 opacity-0',
            !priority && !posterPainted && ['transition-opacity duration-200', loaded ? 'opacity-100' : 'opacity-0'],
          )}
        />
      )}
    </div>
  )
}

export { MediaPicture }
