/**
 * DbTestsCard and DbStatsCards (admin-back-office §2 Database Administration, §4): the Run Database Tests button, one
 * row per step with its status, result or error text and duration in ms, and the Users / Media / Votes / Views cards.
 */
import type { DbCounts } from '@contract/admin/data'
import { Badge, type BadgeVariant } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { Card, CardTitle } from '@client/components/ui/card'
import { cn } from '@client/lib/cn'
import { StatCards } from '@client/features/admin/shell/components/stat-cards'
import type { DbStepState, DbStepStatus } from '../hooks/use-db-tests'

const STATUS_VARIANT: Record<DbStepStatus, BadgeVariant> = { pending: 'neutral', running: 'info', success: 'success', error: 'danger' }

/** Props: the steps from useDbTests, whether a run is going on, and the run-all action. */
export type DbTestsCardProps = { steps: DbStepState[]; running: boolean; onRun(): void }

function DbTestsCard({ steps, running, onRun }: DbTestsCardProps) {
  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>Database Tests</CardTitle>
        <Button onClick={onRun} disabled={running}>
          {running ? 'Running Tests...' : 'Run Database Tests'}
        </Button>
      </div>
      <ol className="space-y-2">
        {steps.map((s) => (
          <li key={s.id} aria-label={s.name} className="rounded-xl border border-zinc-800 p-3">
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium">{s.name}</span>
              <span className="flex items-center gap-2 text-sm">
                {s.durationMs !== undefined && <span className="text-zinc-400">{s.durationMs} ms</span>}
                <Badge variant={STATUS_VARIANT[s.status]}>{s.status}</Badge>
              </span>
            </div>
            {s.text && <p className={cn('mt-1 break-words text-sm', s.status === 'error' ? 'text-red-400' : 'text-zinc-300')}>{s.text}</p>}
          </li>
        ))}
      </ol>
    </Card>
  )
}

function DbStatsCards({ stats }: { stats: DbCounts | null }) {
  return (
    <section aria-label="Database Statistics" className="space-y-2">
      <h2 className="text-lg font-semibold">Database Statistics</h2>
      {stats ? (
        <StatCards
          items={[
            ['Users', stats.totalUsers],
            ['Media', stats.totalMedia],
            ['Votes', stats.totalVotes],
            ['Views', stats.totalViews],
          ]}
        />
      ) : (
        <p className="text-sm text-zinc-400">Run the database tests to see the statistics.</p>
      )}
    </section>
  )
}

export { DbStatsCards, DbTestsCard }
