/**
 * MediaStatsCard (public-visitor §2 Stats screen): one upload with views, votes, hot %, type badge, size in MB,
 * upload date, a detail dialog (actual counts, no multiplier) and a Delete button asking for confirmation.
 */
import { useState } from 'react'
import type { OwnMediaStats } from '@contract/users'
import { Badge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { Dialog } from '@client/components/ui/dialog'
import { formatDate, formatMegabytes } from '@client/lib/format'
import { MediaThumb } from './media-thumb'

/** Props: the upload; onDelete runs after the visitor confirms; deleting disables the button. */
export type MediaStatsCardProps = { item: OwnMediaStats; onDelete(): void; deleting: boolean }

function MediaStatsCard({ item, onDelete, deleting }: MediaStatsCardProps) {
  const [details, setDetails] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const figures = [
    ['Views', item.totalViews],
    ['Votes', item.totalVotes],
    ['Hot', `${item.hotPercentage}%`],
  ] as const
  const kind = item.mimeType.startsWith('video/') ? 'Video' : 'Image'
  return (
    <article aria-label={item.originalName} className="overflow-hidden rounded-2xl border border-zinc-800 bg-zinc-900">
      {/* The name holds the badge's text too (WCAG 2.5.3 label in name). */}
      <button
        type="button"
        onClick={() => setDetails(true)}
        aria-label={`Details of ${item.originalName} (${kind})`}
        className="relative block w-full"
      >
        <MediaThumb item={item} sizes="(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw" className="aspect-video w-full" />
        <Badge variant="overlay" className="absolute left-2 top-2 font-semibold uppercase">
          {kind}
        </Badge>
      </button>
      <div className="space-y-3 p-4">
        <p className="truncate font-medium" title={item.originalName}>
          {item.originalName}
        </p>
        <dl className="grid grid-cols-3 gap-2 text-center">
          {figures.map(([label, value]) => (
            <div key={label} className="rounded-lg bg-zinc-800/60 py-2">
              <dt className="text-xs text-zinc-400">{label}</dt>
              <dd className="font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex items-center justify-between text-xs text-zinc-400">
          <span>{formatMegabytes(item.size)}</span>
          <span>{formatDate(item.uploadedAt)}</span>
        </div>
        <Button variant="destructive" size="sm" className="w-full" disabled={deleting} onClick={() => setConfirming(true)}>
          Delete
        </Button>
      </div>
      <Dialog open={details} onOpenChange={setDetails} title={item.originalName}>
        <MediaThumb item={item} controls sizes="min(92vw, 40rem)" className="aspect-video max-h-[50vh] w-full rounded-lg" />
        <ul className="mt-4 space-y-1 text-sm">
          <li>Views: {item.totalViews}</li>
          <li>Votes: {item.totalVotes}</li>
          <li>
            Hot: {item.hotPercentage}% · Not: {item.notPercentage}%
          </li>
          <li>Size: {formatMegabytes(item.size)}</li>
          <li>Uploaded: {formatDate(item.uploadedAt)}</li>
        </ul>
      </Dialog>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete media"
        description={`Are you sure you want to delete "${item.originalName}"? This action cannot be undone.`}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            onClick={() => {
              setConfirming(false)
              onDelete()
            }}
          >
            Delete
          </Button>
        </div>
      </Dialog>
    </article>
  )
}

export { MediaStatsCard }
