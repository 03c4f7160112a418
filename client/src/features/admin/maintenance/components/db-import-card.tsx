/**
 * DbImportCard (admin-back-office §2 Import Media from Bucket, §4, §8): imports the bucket's media objects and shows
 * message, imported, skipped, errors and totalFiles; after an import with imported > 0 it calls onImported 1 second
 * later (the page reruns the database tests). Failure: the server's text or 'Media import failed'.
 */
import { useMutation } from '@tanstack/react-query'
import { Button } from '@client/components/ui/button'
import { Card, CardTitle } from '@client/components/ui/card'
import { REFRESH_DELAY_MS, useLater } from '@client/features/admin/shell/hooks/use-later'
import { ActionResult } from '@client/features/admin/shell/components/action-feedback'
import { importMedia } from '../api/db-maintenance'

function DbImportCard({ onImported }: { onImported(): void }) {
  const later = useLater()
  const run = useMutation({
    mutationFn: importMedia,
    onSuccess: (r) => r.imported > 0 && later(onImported, REFRESH_DELAY_MS),
  })
  return (
    <Card aria-label="Import Media from Bucket" className="space-y-3">
      <CardTitle>Import Media from Bucket</CardTitle>
      <p className="text-sm text-zinc-400">
        Creates a media item for every photo or video in the storage bucket that is not on the site yet.
      </p>
      <Button onClick={() => run.mutate()} disabled={run.isPending}>
        {run.isPending ? 'Importing...' : 'Import Media from Bucket'}
      </Button>
      <ActionResult action={run} fallback="Media import failed">
        {(r) => (
          <>
            <p className="font-medium">{r.message}</p>
            <p>Imported: {r.imported}</p>
            <p>Skipped: {r.skipped}</p>
            <p>Errors: {r.errors}</p>
            <p>Total files: {r.totalFiles}</p>
          </>
        )}
      </ActionResult>
    </Card>
  )
}

export { DbImportCard }
