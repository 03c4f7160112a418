/**
 * DmcaRequestList (admin-back-office §2 DMCA): one button per takedown with id, complainant name and email, status badge,
 * a two-line work description, the created date and 'Media #id' when one is named; 'No DMCA takedown requests found' when empty.
 */
import { Card } from '@client/components/ui/card'
import { cn } from '@client/lib/cn'
import { formatDateTime } from '@client/features/admin/shell/format'
import type { AdminDmca } from '@contract/admin/dmca'
import { DmcaStatusBadge } from './dmca-status-badge'

/** Props: the takedowns, the selected id (or null) and the selection callback. */
export type DmcaRequestListProps = { items: AdminDmca[]; selectedId: number | null; onSelect: (id: number) => void }

function DmcaRequestList({ items, selectedId, onSelect }: DmcaRequestListProps) {
  if (items.length === 0) return <Card className="text-zinc-400">No DMCA takedown requests found</Card>
  return (
    <ul aria-label="Takedown requests" className="space-y-2">
      {items.map((r) => (
        <li key={r.id}>
          <button
            type="button"
            aria-pressed={r.id === selectedId}
            onClick={() => onSelect(r.id)}
            className={cn(
              'w-full space-y-1 rounded-2xl border bg-zinc-900/70 p-4 text-left transition hover:border-zinc-600',
              r.id === selectedId ? 'border-rose-500' : 'border-zinc-800',
            )}
          >
            <span className="flex items-center justify-between gap-2">
              <span className="font-medium">
                #{r.id} {r.complainantName}
              </span>
              <DmcaStatusBadge status={r.status} />
            </span>
            <span className="block text-sm text-zinc-400">{r.complainantEmail}</span>
            <span className="line-clamp-2 text-sm text-zinc-300">{r.workDescription}</span>
            <span className="flex justify-between text-xs text-zinc-400">
              <span>{formatDateTime(r.createdAt)}</span>
              {r.mediaId !== null && <span>Media #{r.mediaId}</span>}
            </span>
          </button>
        </li>
      ))}
    </ul>
  )
}

export { DmcaRequestList }
