/**
 * TrafficHandlers (admin-back-office §2 Traffic Handlers, §8): the idle-session and back-button redirect sections side
 * by side. When a configuration call fails with status 500 (the table is missing) it shows the 'Database Migration
 * Required' notice instead of that section; other failures show the server's error text.
 */
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Spinner } from '@client/components/ui/spinner'
import { ApiError } from '@client/lib/api-client'
import { adminErrorText } from '@client/features/admin/shell/api/admin-api'
import { redirectConfigQueryOptions } from '../api/redirect-config'
import { BackButtonSection } from './back-button-section'
import { IdleRedirectSection } from './idle-redirect-section'

const isMissingTable = (e: unknown) => e instanceof ApiError && e.status === 500

/** A section once its config has loaded: a spinner while pending, the error text (not for 500s, see the notice) on failure. */
function Loaded<T>({
  query,
  label,
  fallback,
  children,
}: {
  query: UseQueryResult<T>
  label: string
  fallback: string
  children: (data: T) => ReactNode
}) {
  if (query.isPending) return <Spinner className="h-8 w-8" label={`Loading ${label}`} />
  if (query.isError)
    return isMissingTable(query.error) ? null : (
      <p role="alert" className="text-red-400">
        {adminErrorText(query.error, fallback)}
      </p>
    )
  return children(query.data)
}

function TrafficHandlers() {
  const idle = useQuery(redirectConfigQueryOptions('idle-redirect'))
  const back = useQuery(redirectConfigQueryOptions('back-button'))
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Traffic Handlers</h1>
        <p className="text-zinc-400">Redirect idle visitors and visitors who press Back to leave the site.</p>
      </div>
      {(isMissingTable(idle.error) || isMissingTable(back.error)) && (
        <div role="alert" className="space-y-1 rounded-lg border border-amber-600/50 bg-amber-500/10 p-4 text-amber-200">
          <p className="font-semibold">Database Migration Required</p>
          <p className="text-sm">
            Table missing: the traffic handler tables do not exist yet. Restart the server so it applies the database migrations, then
            reload this page.
          </p>
        </div>
      )}
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <Loaded query={idle} label="idle redirect configuration" fallback="Failed to fetch idle redirect configuration">
          {(config) => <IdleRedirectSection config={config} />}
        </Loaded>
        <Loaded query={back} label="back button configuration" fallback="Failed to fetch back button configuration">
          {(config) => <BackButtonSection config={config} />}
        </Loaded>
      </div>
    </div>
  )
}

export { TrafficHandlers }
