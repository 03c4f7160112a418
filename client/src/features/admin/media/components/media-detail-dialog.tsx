/**
 * MediaDetailDialog (admin-back-office §2 Media: each card has a detail dialog): the item at full width (a video with
 * controls) and every field of the admin media item, with actual counts (never multiplied) and the Hot share.
 */
import type { AdminMedia } from '@contract/admin/data'
import { MediaPicture } from '@client/components/media-picture'
import { Dialog } from '@client/components/ui/dialog'
import { formatDateTime, formatSize } from '@client/features/admin/shell/format'
import { DetailList } from '@client/features/admin/shell/components/detail-list'

/** Props: the item to show (null: closed) and onClose. */
export type MediaDetailDialogProps = { item: AdminMedia | null; onClose: () => void }

function MediaDetailDialog({ item, onClose }: MediaDetailDialogProps) {
  if (!item) return null
  const hotShare = item.totalVotes ? `${Math.round((item.hotVotes / item.totalVotes) * 100)}%` : 'N/A'
  const fields: [string, string | number][] = [
    ['ID', item.id],
    ['Type', item.mimeType],
    ['Size', formatSize(item.size)],
    ['Uploaded by', item.username],
    ['Uploaded', formatDateTime(item.uploadedAt)],
    ['Hot votes', item.hotVotes],
    ['Not votes', item.notVotes],
    ['Total votes', item.totalVotes],
    ['Hot share', hotShare],
    ['Views', item.totalViews],
  ]
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={item.originalName} className="w-[min(92vw,40rem)]">
      <MediaPicture
        item={item}
        sizes="min(92vw, 40rem)"
        alt={item.originalName}
        controls
        className="mx-auto max-h-[50vh] max-w-full rounded-lg"
        style={{ aspectRatio: item.width && item.height ? `${item.width} / ${item.height}` : '16 / 9' }}
      />
      <DetailList aria-label="Media details" items={fields} className="mt-4 gap-x-4" valueClassName="break-all" />
      <a href={item.url} target="_blank" rel="noopener noreferrer" className="mt-3 inline-block text-sm text-sky-400 underline">
        Open the file
      </a>
    </Dialog>
  )
}

export { MediaDetailDialog }
