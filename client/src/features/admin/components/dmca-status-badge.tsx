/** DmcaStatusBadge: a takedown status (pending, reviewed, resolved, rejected) as a coloured pill (admin-back-office §2 DMCA). */
import type { DmcaStatus } from '@contract/admin/dmca'
import { cn } from '@client/lib/cn'

const COLOURS: Record<DmcaStatus, string> = {
  pending: 'bg-amber-500/20 text-amber-300 border-amber-500/40',
  reviewed: 'bg-sky-500/20 text-sky-300 border-sky-500/40',
  resolved: 'bg-emerald-500/20 text-emerald-300 border-emerald-500/40',
  rejected: 'bg-zinc-700/60 text-zinc-300 border-zinc-600',
}

function DmcaStatusBadge({ status }: { status: DmcaStatus }) {
  return <span className={cn('rounded-full border px-2 py-0.5 text-xs font-medium capitalize', COLOURS[status])}>{status}</span>
}

export { DmcaStatusBadge }
