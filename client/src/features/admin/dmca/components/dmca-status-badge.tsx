/** DmcaStatusBadge: a takedown status (pending, reviewed, resolved, rejected) as a coloured Badge (admin-back-office §2 DMCA). */
import type { DmcaStatus } from '@contract/admin/dmca'
import { Badge, type BadgeVariant } from '@client/components/ui/badge'

const VARIANTS: Record<DmcaStatus, BadgeVariant> = { pending: 'warning', reviewed: 'info', resolved: 'success', rejected: 'neutral' }

function DmcaStatusBadge({ status }: { status: DmcaStatus }) {
  return (
    <Badge variant={VARIANTS[status]} className="capitalize">
      {status}
    </Badge>
  )
}

export { DmcaStatusBadge }
