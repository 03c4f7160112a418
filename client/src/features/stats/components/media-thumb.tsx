/**
 * MediaThumb: an upload's image (from its WebP variants, over its placeholder) or video (with its poster), replaced
 * by 'Image unavailable' / 'Video unavailable' when it fails to load (public-visitor §8).
 */
import { useState } from 'react'
import type { OwnMediaStats } from '@contract/users'
import { cn } from '@client/lib/cn'
import { MediaPicture } from '@client/components/media-picture'

/** Props: item; className sizes the box; sizes is the image's CSS width for srcset; controls for a video in a detail view. */
function MediaThumb({
  item,
  className,
  sizes,
  controls = false,
}: {
  item: OwnMediaStats
  className?: string
  sizes: string
  controls?: boolean
}) {
  const [failed, setFailed] = useState(false)
  const isVideo = item.mimeType.startsWith('video/')
  if (failed)
    return (
      <div className={cn('grid place-items-center bg-zinc-800 text-sm text-zinc-400', className)}>
        {isVideo ? 'Video unavailable' : 'Image unavailable'}
      </div>
    )
  return (
    <MediaPicture
      item={item}
      sizes={sizes}
      alt={item.originalName}
      fit={controls ? 'contain' : 'cover'}
      loading="lazy"
      controls={controls}
      onError={() => setFailed(true)}
      className={className}
    />
  )
}

export { MediaThumb }
