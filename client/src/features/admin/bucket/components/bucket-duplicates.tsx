/**
 * BucketDuplicates (admin-back-office §2 Bucket Management: duplicate detection, §4, §8): Find Duplicates scans the
 * bucket and lists each group (type, criteria, files); Select Duplicates hands onSelect every file of each group
 * except the most recently modified one. Below them, the scan's near-duplicate groups of media items with their
 * keep-one and Not duplicates decisions (NearDuplicateGroups). Failure: the server's text or 'Failed to find duplicates'.
 */
import { useMutation } from '@tanstack/react-query'
import { Badge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { Card, CardTitle } from '@client/components/ui/card'
import { adminErrorText } from '@client/features/admin/shell/api/admin-api'
import { formatDateTime, formatSize } from '@client/features/admin/shell/format'
import { ErrorLine } from '@client/features/admin/shell/components/action-feedback'
import { findDuplicates, selectDuplicateKeys } from '../api/bucket-files'
import { NearDuplicateGroups } from './near-duplicate-groups'

function BucketDuplicates({ onSelect }: { onSelect(keys: Set<string>): void }) {
  const scan = useMutation({ mutationFn: findDuplicates })
  const groups = scan.data?.duplicateGroups ?? []
  return (
    <Card aria-label="Duplicate Detection" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>Duplicate Detection</CardTitle>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => scan.mutate()} disabled={scan.isPending}>
            {scan.isPending ? 'Scanning...' : 'Find Duplicates'}
          </Button>
          <Button onClick={() => onSelect(selectDuplicateKeys(groups))} disabled={groups.length === 0}>
            Select Duplicates
          </Button>
        </div>
      </div>
      {scan.isError && <ErrorLine>{adminErrorText(scan.error, 'Failed to find duplicates')}</ErrorLine>}
      {scan.data && (
        <p role="status" className="text-sm text-zinc-300">
          {scan.data.message} · {scan.data.totalDuplicateFiles} files in groups · {scan.data.potentialDeletions} identical copies could go
        </p>
      )}
      <ul className="space-y-2">
        {groups.map((g, i) => (
          <li
            key={`${g.type}-${g.criteria}`}
            aria-label={`Duplicate group ${i + 1}`}
            className="rounded-xl border border-zinc-800 p-3 text-sm"
          >
            <p>
              <Badge className="mr-2 uppercase">{g.type}</Badge>
              <span className="break-all text-zinc-400">{g.criteria}</span>
            </p>
            <ul className="mt-1 space-y-0.5">
              {g.files.map((f) => (
                <li key={f.key} className="break-all text-zinc-300">
                  {f.key} · {formatSize(f.size)} · {formatDateTime(f.lastModified)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {scan.data && (
        <NearDuplicateGroups key={scan.submittedAt} groups={scan.data.nearDuplicateGroups} distance={scan.data.nearDuplicateDistance} />
      )}
    </Card>
  )
}

export { BucketDuplicates }
