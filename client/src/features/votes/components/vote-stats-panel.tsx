/**
 * VoteStatsPanel: total votes (multiplier applied, public-visitor §9), hot %, not % and a bar. Each percentage starts
 * at a fixed place in a box wide enough for "100% ...", and new figures are new nodes, so a vote shifts no layout
 * (CLS 0).
 */
import type { VoteStats } from '@contract/media'
import { displayedTotal, useVoteMultiplier } from '../api/get-vote-multiplier'

function VoteStatsPanel({ stats }: { stats: VoteStats }) {
  const { data: multiplier } = useVoteMultiplier()
  return (
    <section aria-label="Vote statistics" className="rounded-2xl border border-zinc-800 bg-zinc-900/70 p-4">
      <div className="flex items-baseline justify-between text-sm">
        <span className="text-zinc-400">
          Total votes:{' '}
          <strong className="text-zinc-100" data-testid="total-votes">
            {displayedTotal(stats.totalVotes, multiplier)}
          </strong>
        </span>
        {/* Keyed by the figures: new text is a new node, which the browser never counts as a shifted one. */}
        <span key={`${stats.hotPercentage}-${stats.notPercentage}`}>
          <strong className="inline-block w-[4.75rem] text-rose-400">{stats.hotPercentage}% Hot</strong>
          <span className="mr-2 text-zinc-600">·</span>
          <strong className="inline-block w-[4.75rem] text-sky-400">{stats.notPercentage}% Not</strong>
        </span>
      </div>
      <div
        className="mt-3 flex h-3 overflow-hidden rounded-full bg-zinc-800"
        role="img"
        aria-label={`${stats.hotPercentage}% Hot, ${stats.notPercentage}% Not`}
      >
        <div
          className="bg-gradient-to-r from-rose-500 to-orange-400 transition-all duration-500"
          style={{ width: `${stats.hotPercentage}%` }}
        />
        <div
          className="bg-gradient-to-r from-sky-500 to-indigo-500 transition-all duration-500"
          style={{ width: `${stats.notPercentage}%` }}
        />
      </div>
    </section>
  )
}

export { VoteStatsPanel }
