/**
 * DmcaTakedowns (admin-back-office §2 DMCA Takedown Management, §8): count cards for each status, the request list
 * on the left and the selected request's detail on the right ('Select a takedown request to view details').
 * Without a stored token, or when the list fails, it shows the error ('Admin authentication required',
 * 'HTTP {status}: {statusText}', 'Unknown error').
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { DMCA_STATUSES } from '@contract/admin/dmca'
import { Card } from '@client/components/ui/card'
import { Spinner } from '@client/components/ui/spinner'
import { listErrorText } from '@client/features/admin/shell/api/admin-api'
import { StatCards } from '@client/features/admin/shell/components/stat-cards'
import { dmcaTakedownsQueryOptions } from '../api/dmca-takedowns'
import { DmcaRequestDetail } from './dmca-request-detail'
import { DmcaRequestList } from './dmca-request-list'

const STATUS_TITLES = { pending: 'Pending', reviewed: 'Reviewed', resolved: 'Resolved', rejected: 'Rejected' } as const

function DmcaTakedowns() {
  const list = useQuery(dmcaTakedownsQueryOptions())
  const [selectedId, setSelectedId] = useState<number | null>(null)
  const heading = <h1 className="text-2xl font-bold">DMCA Takedown Management</h1>
  if (list.isPending) return <Spinner className="h-10 w-10" label="Loading takedown requests" />
  if (list.isError)
    return (
      <div className="space-y-4">
        {heading}
        <p role="alert" className="rounded-lg border border-red-700/50 bg-red-500/10 p-3 text-red-300">
          {listErrorText(list.error)}
        </p>
      </div>
    )
  const items = list.data
  const selected = items.find((r) => r.id === selectedId)
  return (
    <div className="space-y-6">
      {heading}
      <StatCards items={DMCA_STATUSES.map((s) => [STATUS_TITLES[s], items.filter((r) => r.status === s).length] as const)} />
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <DmcaRequestList items={items} selectedId={selectedId} onSelect={setSelectedId} />
        {selected ? (
          <DmcaRequestDetail key={selected.id} request={selected} onDone={() => setSelectedId(null)} />
        ) : (
          <Card className="text-zinc-400">Select a takedown request to view details</Card>
        )}
      </div>
    </div>
  )
}

export { DmcaTakedowns }
