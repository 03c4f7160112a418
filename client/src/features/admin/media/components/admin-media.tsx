/**
 * AdminMedia (admin-back-office §2 Media, §8): total media, votes and views, and the near copies flagged at upload
 * (docs/media-pipeline.md > Near duplicates); a card per item (type badge, name, size, uploader, date, hot/not/views
 * with actual counts, hidden and near-copy badges), its detail dialog, Delete after confirmation and Show again for an
 * item hidden as a near copy (POST /api/admin/near-duplicates/show), in a virtualised
 * grid (MediaGrid); the Near copies switch shows only the flagged items (GET /api/admin/media?nearCopies=true);
 * 'No media found' when empty; a notice counts the items still missing variants.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminMedia } from '@contract/admin/data'
import { Spinner } from '@client/components/ui/spinner'
import { Switch } from '@client/components/ui/switch'
import { toast } from '@client/lib/toast'
import { ADMIN_MEDIA_KEY, adminErrorText } from '@client/features/admin/shell/api/admin-api'
import { StatCards } from '@client/features/admin/shell/components/stat-cards'
import { adminMediaQueryOptions, deleteAdminMedia, showHiddenCopy } from '../api/media-items'
import { MediaDetailDialog } from './media-detail-dialog'
import { MediaGrid } from './media-grid'

/** The browser confirm text before a media item is deleted (admin-back-office §2 Media). */
export const DELETE_CONFIRM = 'Are you sure you want to delete this media? This action cannot be undone.'

function AdminMediaPage() {
  const queryClient = useQueryClient()
  const [opened, setOpened] = useState<AdminMedia | null>(null)
  const [nearCopiesOnly, setNearCopiesOnly] = useState(false)
  const media = useQuery(adminMediaQueryOptions())
  const nearCopies = useQuery({ ...adminMediaQueryOptions(true), enabled: nearCopiesOnly })
  const remove = useMutation({
    mutationFn: deleteAdminMedia,
    onSuccess: () => (
      toast({ title: 'Success', description: 'Media deleted successfully' }), queryClient.invalidateQueries({ queryKey: ADMIN_MEDIA_KEY })
    ),
    onError: () => toast({ title: 'Error', description: 'Failed to delete media', variant: 'destructive' }),
  })
  const showAgain = useMutation({
    mutationFn: showHiddenCopy,
    onSuccess: (answer) => (
      toast({ title: 'Success', description: answer.message }), queryClient.invalidateQueries({ queryKey: ADMIN_MEDIA_KEY })
    ),
    onError: (error) => toast({ title: 'Error', description: adminErrorText(error, 'Failed to show media again'), variant: 'destructive' }),
  })
  if (media.isPending) return <Spinner className="h-10 w-10" label="Loading media" />
  if (media.isError)
    return (
      <p role="alert" className="text-red-400">
        {adminErrorText(media.error, 'Failed to fetch media data')}
      </p>
    )
  const items = media.data
  const sum = (f: (m: AdminMedia) => number) => items.reduce((n, m) => n + f(m), 0)
  const shown = nearCopiesOnly ? nearCopies.data : items
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Media</h1>
      <StatCards
        items={[
          ['Total Media', items.length],
          ['Total Votes', sum((m) => m.totalVotes)],
          ['Total Views', sum((m) => m.totalViews)],
          ['Near Copies', sum((m) => (m.nearDuplicateOf === null ? 0 : 1))],
        ]}
      />
      <label className="flex items-center gap-3 text-sm">
        <Switch checked={nearCopiesOnly} onCheckedChange={setNearCopiesOnly} />
        Near copies only
      </label>
      {items.some((m) => !m.processed) && (
        <p role="status" className="rounded-lg border border-amber-700 bg-amber-950/50 p-3 text-sm text-amber-200">
          {items.filter((m) => !m.processed).length} items are still missing display variants and placeholders (marked No variants): run{' '}
          <code>hotvote media reprocess</code>.
        </p>
      )}
      {nearCopiesOnly && nearCopies.isError ? (
        <p role="alert" className="text-red-400">
          {adminErrorText(nearCopies.error, 'Failed to fetch media data')}
        </p>
      ) : !shown ? (
        <Spinner className="h-10 w-10" label="Loading near copies" />
      ) : shown.length === 0 ? (
        <p className="text-zinc-400">{nearCopiesOnly ? 'No near copies flagged' : 'No media found'}</p>
      ) : (
        <MediaGrid
          items={shown}
          busy={remove.isPending || showAgain.isPending}
          onDelete={(m) => window.confirm(DELETE_CONFIRM) && remove.mutate(m.id)}
          onShowAgain={(m) => showAgain.mutate(m.id)}
          onOpen={setOpened}
        />
      )}
      <MediaDetailDialog item={opened} onClose={() => setOpened(null)} />
    </div>
  )
}

export { AdminMediaPage }
