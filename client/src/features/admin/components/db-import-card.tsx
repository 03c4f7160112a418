/**
 * DbImportCard (admin-back-office §2 Import Media from Bucket, §4, §8): imports the bucket's media objects and shows
 * message, imported, skipped, errors and totalFiles; after an import with imported > 0 it calls onImported 1 second
 * later (the page reruns the database tests). Failure: the server's text or 'Media import failed'.
 */
import { useMutation } from '@tanstack/react-query'
import { Button } from '@client/components/ui/button'
import { Card, CardTitle } from '@client/components/ui/card'
import { adminErrorText } from '../api/admin-api'
import { importMedia } from '../api/db-maintenance'
import { REFRESH_DELAY_MS, useLater } from '../hooks/use-later'

function DbImportCard({ onImported }: { onImported(): void }) {
  const later = useLater()
  const run = useMutation({
    mutationFn: importMedia,
    onSuccess: (r) => r.imported > 0 && later(onImported, REFRESH_DELAY_MS),
  })
  return (
    <Card aria-label="Import Media from Bucket" className="space-y-3">
      <CardTitle>Import Media from Bucket</CardTitle>
      <p className="text-sm text-zinc-400">Creates a media item for every photo or video in the storage bucket that is not on the site yet.</p>
      <Button onClick={() => run.mutate()} disabled={run.isPending}>
        {run.isPending ? 'Importing...' : 'Import Media from Bucket'}
      </Button>
      {run.isError && (
        <p role="alert" className="text-sm text-red-400">
          {adminErrorText(run.error, 'Media import failed')}
        </p>
      )}
      {run.data && (
        <div role="status" className="space-y-1 rounded-xl border border-emerald-700/50 bg-emerald-500/10 p-3 text-sm">
          <p className="font-medium">{run.data.message}</p>
          <p>Imported: {run.data.imported}</p>
          <p>Skipped: {run.data.skipped}</p>
          <p>Errors: {run.data.errors}</p>
          <p>Total files: {run.data.totalFiles}</p>
        </div>
      )}
    </Card>
  )
}

export { DbImportCard }
