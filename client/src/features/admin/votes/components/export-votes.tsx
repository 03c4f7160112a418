/**
 * ExportVotesPage (admin-back-office §2 Export Votes, §3, §8): one Download Votes Table button that saves every vote
 * as votes_export_{YYYY-MM-DD}.xlsx (user_id, media_id, is_hot, voted_at); busy while downloading; on failure
 * 'Failed to export votes' (or the session-expired text) and the toast 'Failed to export votes data'.
 */
import { useMutation } from '@tanstack/react-query'
import { Button } from '@client/components/ui/button'
import { Card } from '@client/components/ui/card'
import { toast } from '@client/lib/toast'
import { adminErrorText } from '@client/features/admin/shell/api/admin-api'
import { downloadVotesExport } from '../api/export-votes'

function ExportVotesPage() {
  const download = useMutation({
    mutationFn: downloadVotesExport,
    onError: () => toast({ title: 'Error', description: 'Failed to export votes data', variant: 'destructive' }),
  })
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold">Export Votes</h1>
      <Card className="space-y-4">
        <p className="text-zinc-400">
          Download every vote as an Excel file with the columns user_id, media_id, is_hot (true/false) and voted_at.
        </p>
        <Button disabled={download.isPending} aria-busy={download.isPending} onClick={() => download.mutate()}>
          {download.isPending ? 'Downloading...' : 'Download Votes Table'}
        </Button>
        {download.isSuccess && (
          <p role="status" className="text-emerald-300">
            Saved {download.data}
          </p>
        )}
        {download.isError && (
          <p role="alert" className="text-red-400">
            {adminErrorText(download.error, 'Failed to export votes')}
          </p>
        )}
      </Card>
    </div>
  )
}

export { ExportVotesPage }
