/** MediaThumb: an upload's image or video, replaced by 'Image unavailable' / 'Video unavailable' when it fails to load (public-visitor §8). */
import { useState } from 'react'
import type { OwnMediaStats } from '@contract/users'
import { cn } from '@client/lib/cn'

function MediaThumb({ item, className, controls = false }: { item: OwnMediaStats; className?: string; controls?: boolean }) {
  const [failed, setFailed] = useState(false)
  const isVideo = item.mimeType.startsWith('video/')
  if (failed) return <div className={cn('grid place-items-center bg-zinc-800 text-sm text-zinc-400', className)}>{isVideo ? 'Video unavailable' : 'Image unavailable'}</div>
  return isVideo ? (
    <video src={item.url} muted loop playsInline controls={controls} aria-label={item.originalName} onError={() => setFailed(true)} className={cn('bg-black object-cover', className)} />
  ) : (
    <img src={item.url} alt={item.originalName} loading="lazy" onError={() => setFailed(true)} className={cn('bg-black object-cover', className)} />
  )
}

export { MediaThumb }
