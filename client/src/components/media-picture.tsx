/**
 * MediaPicture (issue #11): an item's image through `<img srcset sizes>` from its WebP variants, or its video with
 * the poster frame; the thumbhash placeholder is the box's background, so it paints at once and the file fades in
 * over it. The box's size is the caller's (className/style): nothing inside changes it when the file arrives.
 */
import { useState, type CSSProperties } from 'react'
import { cn } from '@client/lib/cn'
import { placeholderUrl, srcSetOf, type DisplayItem } from '@client/lib/media-variants'

type Props = {
  item: DisplayItem
  /** The `sizes` attribute: the CSS width the image is shown at, e.g. '358px' or '(min-width: 768px) 25vw, 50vw'. */
  sizes: string
  alt: string
  className?: string
  style?: CSSProperties
  /** object-fit of the file inside the box. */
  fit?: 'contain' | 'cover'
  loading?: 'lazy' | 'eager'
  /** For a video: play at once (muted, looping) and show controls. */
  autoPlay?: boolean
  controls?: boolean
  onError?(): void
}

function MediaPicture({ item, sizes, alt, className, style, fit = 'contain', loading, autoPlay = false, controls = false, onError }: Props) {
  const [loaded, setLoaded] = useState(false)
  const placeholder = placeholderUrl(item.placeholder)
  const fitClass = cn('h-full w-full', fit === 'cover' ? 'object-cover' : 'object-contain')
  const isVideo = item.mimeType.startsWith('video/')
  const poster = item.posterUrl ?? undefined
  return (
    <div
      data-placeholder={placeholder ? 'thumbhash' : undefined}
      className={cn('overflow-hidden bg-zinc-900 bg-center bg-no-repeat', className)}
      style={{ ...style, backgroundImage: placeholder ? `url(${placeholder})` : undefined, backgroundSize: '100% 100%' }}
    >
      {isVideo ? (
        <video src={item.url} poster={poster} aria-label={alt} autoPlay={autoPlay} controls={controls} muted loop playsInline preload={autoPlay ? 'auto' : 'metadata'} onError={onError} className={fitClass} />
      ) : (
        <img
          src={item.variants.length ? item.variants[Math.min(1, item.variants.length - 1)].url : item.url}
          srcSet={srcSetOf(item)}
          sizes={item.variants.length ? sizes : undefined}
          alt={alt}
          loading={loading}
          decoding="async"
          onLoad={() => setLoaded(true)}
          onError={onError}
          className={cn(fitClass, 'transition-opacity duration-200', loaded ? 'opacity-100' : 'opacity-0')}
        />
      )}
    </div>
  )
}

export { MediaPicture }
