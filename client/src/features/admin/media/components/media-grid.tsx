/**
 * MediaGrid (admin-back-office §2 Media): the admin media cards in a scrollable region, laid out in rows of 1-3 cards
 * by the region's width and virtualised with @tanstack/react-virtual, so 10,000 items keep only the visible rows in
 * the DOM. Each card is an article named by the original file name, with Hidden (from rating) and Near copy of #id
 * badges when they apply; its preview opens the detail dialog, and it has a Delete button, and a Show again button
 * while an admin's near-copy decision hides it.
 */
import { Eye, Flame, Snowflake } from 'lucide-react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useLayoutEffect, useRef, useState, type RefObject } from 'react'
import type { AdminMedia } from '@contract/admin/data'
import { MediaPicture } from '@client/components/media-picture'
import { Badge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { formatDateTime, formatSize } from '@client/features/admin/shell/format'

/** Estimated height of one row of cards in px, before the row is measured. */
const ROW_ESTIMATE = 380

/** Cards per row for a region width in px: 3 from 900 px, 2 from 520 px, else 1. */
export const mediaColumns = (width: number) => (width >= 900 ? 3 : width >= 520 ? 2 : 1)

/**
 * Props of the grid and of each card: whether a delete or a show-again is running, and the Delete, Show again and
 * details clicks of a card.
 */
type CardActions = {
  busy: boolean
  onDelete: (m: AdminMedia) => void
  onShowAgain: (m: AdminMedia) => void
  onOpen: (m: AdminMedia) => void
}

function MediaCard({ item, busy, onDelete, onShowAgain, onOpen }: CardActions & { item: AdminMedia }) {
  const isVideo = item.mimeType.startsWith('video/')
  return (
    <article aria-label={item.originalName} className="min-w-0 space-y-2 rounded-2xl border border-zinc-800 bg-zinc-900 p-4">
      <div className="flex items-center justify-between">
        <Badge className="uppercase">{isVideo ? 'Video' : 'Image'}</Badge>
        <span className="flex items-center gap-2 text-xs text-zinc-400">
          {item.hidden && <Badge variant="danger">{item.hiddenAsCopy ? 'Hidden as a copy' : 'Hidden'}</Badge>}
          {item.nearDuplicateOf !== null && <Badge variant="info">Near copy of #{item.nearDuplicateOf}</Badge>}
          {!item.processed && <Badge variant="warning">No variants</Badge>}#{item.id}
        </span>
      </div>
      <button
        type="button"
        aria-label={`Details of ${item.originalName}`}
        onClick={() => onOpen(item)}
        className="block w-full rounded-lg focus-visible:outline-2 focus-visible:outline-rose-400"
      >
        <MediaPicture
          item={item}
          sizes="(min-width: 1200px) 30vw, (min-width: 800px) 45vw, 100vw"
          alt={item.originalName}
          fit="cover"
          loading="lazy"
          className="aspect-video w-full rounded-lg"
        />
      </button>
      <p className="truncate font-medium">{item.originalName}</p>
      <p className="truncate text-sm text-zinc-400">
        {formatSize(item.size)} · {item.username} · {formatDateTime(item.uploadedAt)}
      </p>
      <p className="text-sm">
        <Flame aria-hidden className="inline h-4 w-4 align-[-2px] text-rose-400" /> {item.hotVotes} hot ·{' '}
        <Snowflake aria-hidden className="inline h-4 w-4 align-[-2px] text-sky-400" /> {item.notVotes} not ·{' '}
        <Eye aria-hidden className="inline h-4 w-4 align-[-2px]" /> {item.totalViews} views
      </p>
      {item.hiddenAsCopy && (
        <Button variant="secondary" size="sm" className="w-full" disabled={busy} onClick={() => onShowAgain(item)}>
          Show again
        </Button>
      )}
      <Button variant="destructive" size="sm" className="w-full" disabled={busy} onClick={() => onDelete(item)}>
        Delete
      </Button>
    </article>
  )
}

/** The width of an element in px, kept up to date with a ResizeObserver (0 before the first layout). */
function useWidth(ref: RefObject<HTMLElement | null>) {
  const [width, setWidth] = useState(0)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    setWidth(el.clientWidth)
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width))
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref])
  return width
}

/** Props: the items in display order and the card actions. */
function MediaGrid({ items, ...actions }: CardActions & { items: AdminMedia[] }) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const columns = mediaColumns(useWidth(scrollRef))
  const rowCount = Math.ceil(items.length / columns)
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 2,
    getItemKey: (row) => `${columns}:${items[row * columns]?.id}`,
  })
  return (
    <div ref={scrollRef} role="region" aria-label="Media items" tabIndex={0} className="max-h-[75vh] overflow-auto pr-1">
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            className="absolute left-0 top-0 grid w-full gap-4 pb-4"
            style={{ transform: `translateY(${row.start}px)`, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
          >
            {items.slice(row.index * columns, row.index * columns + columns).map((m) => (
              <MediaCard key={m.id} item={m} {...actions} />
            ))}
          </div>
        ))}
      </div>
    </div>
  )
}

export { MediaGrid }
