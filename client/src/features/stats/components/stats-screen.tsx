/**
 * StatsScreen (public-visitor §2 Stats screen): Total Uploads, Total Votes and Total Views cards and the grid of
 * the visitor's uploads; 'No statistics available' without data, 'You haven't uploaded any media yet' without uploads.
 */
import { Link } from '@tanstack/react-router'
import { Card } from '@client/components/ui/card'
import { Spinner } from '@client/components/ui/spinner'
import { toast } from '@client/lib/toast'
import { useDeleteMedia, useUserStats } from '../api/get-user-stats'
import { MediaStatsCard } from './media-stats-card'

function StatsScreen({ userId }: { userId: number }) {
  const stats = useUserStats(userId)
  const remove = useDeleteMedia(userId)
  if (stats.isPending) return <Spinner className="mx-auto mt-24 block h-10 w-10" label="Loading statistics" />
  if (!stats.data) return <p className="mt-16 text-center text-zinc-400">No statistics available</p>
  const { totalUploads, totalVotes, totalViews, mediaStats } = stats.data
  const deleteMedia = (id: number) =>
    remove.mutate(id, {
      onSuccess: () => toast({ title: 'Media Deleted', description: 'Your media has been successfully deleted.' }),
      onError: () => toast({ title: 'Delete Failed', description: 'Failed to delete media', variant: 'destructive' }),
    })
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <h1 className="text-2xl font-bold">My Stats</h1>
      <div className="grid grid-cols-3 gap-3">
        {(
          [
            ['Total Uploads', totalUploads],
            ['Total Votes', totalVotes],
            ['Total Views', totalViews],
          ] as const
        ).map(([label, value]) => (
          <Card key={label} aria-label={label} className="text-center">
            <p className="text-sm text-zinc-400">{label}</p>
            <p className="mt-1 text-3xl font-bold">{value}</p>
          </Card>
        ))}
      </div>
      {mediaStats.length === 0 ? (
        <div className="space-y-4 py-12 text-center">
          <p className="text-zinc-300">You haven't uploaded any media yet</p>
          <Link to="/upload" className="inline-flex h-10 items-center rounded-lg bg-rose-600 px-4 font-medium text-white hover:bg-rose-500">
            Upload Media
          </Link>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {mediaStats.map((item) => (
            <MediaStatsCard
              key={item.id}
              item={item}
              deleting={remove.isPending && remove.variables === item.id}
              onDelete={() => deleteMedia(item.id)}
            />
          ))}
        </div>
      )}
    </div>
  )
}

export { StatsScreen }
