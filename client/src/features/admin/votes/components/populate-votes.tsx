/**
 * PopulateVotesPage (admin-back-office §2 Vote Population, §4, §8, §9): Start Vote Population, which becomes Continue
 * Processing while the server answers paused and Population Complete (disabled) when done; Stop Processing clears the
 * result; the paused message shows as progress; Fix User Sequence; the results grid. Without a stored token it shows
 * 'Authentication failed' with a Go to Admin Login button (the layout does not redirect this page).
 */
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { Button } from '@client/components/ui/button'
import { Card, CardTitle } from '@client/components/ui/card'
import { Spinner } from '@client/components/ui/spinner'
import { adminErrorText, readAdminToken, TOKEN_MISSING } from '@client/features/admin/shell/api/admin-api'
import { StatCards } from '@client/features/admin/shell/components/stat-cards'
import type { PopulationResult } from '@contract/admin/votes'
import { fixUserSequence, populateVotes } from '../api/populate-votes'

function ResultsGrid({ result }: { result: PopulationResult }) {
  const cells = [
    ['Media Processed', `${result.mediaProcessed} of ${result.totalMediaCount}`],
    ['Total Votes', String(result.totalVotesInserted)],
    ['Users Created', String(result.usersCreated)],
    ['Hot Percentage', `${result.overallHotPercentage}%`],
    ['User ID Range', result.userIdRange || 'N/A'],
  ] as const
  return <StatCards items={cells} className="grid-cols-2 md:grid-cols-5" />
}

function SequenceFix() {
  const fix = useMutation({ mutationFn: fixUserSequence })
  const failed = fix.isError || (fix.data && !fix.data.success)
  return (
    <Card className="space-y-3">
      <CardTitle>User ID Sequence</CardTitle>
      <p className="text-sm text-zinc-400">
        Sets the next user id after the largest one in use, if user creation fails with a duplicate id.
      </p>
      <Button variant="secondary" disabled={fix.isPending} onClick={() => fix.mutate()}>
        Fix User Sequence
      </Button>
      {fix.data?.success && <p role="status">Next user ID: {fix.data.nextUserId}</p>}
      {failed && (
        <p role="alert" className="text-red-400">
          {fix.isError ? adminErrorText(fix.error, 'Failed to fix sequence') : fix.data?.error || 'Failed to fix sequence'}
        </p>
      )}
    </Card>
  )
}

function PopulationRunner() {
  const [result, setResult] = useState<PopulationResult | null>(null)
  const [error, setError] = useState<string>()
  const populate = useMutation({
    mutationFn: populateVotes,
    onMutate: () => setError(undefined),
    onSuccess: (r) => (!r.success && !r.paused ? setError(r.error || 'Population failed') : setResult(r)),
    onError: (e) => setError(adminErrorText(e, 'Population failed')),
  })
  const done = result?.success === true && !result.paused
  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button disabled={done || populate.isPending} onClick={() => populate.mutate()}>
          {done ? 'Population Complete' : result?.paused ? 'Continue Processing' : 'Start Vote Population'}
        </Button>
        {result?.paused && (
          <Button variant="secondary" disabled={populate.isPending} onClick={() => (setResult(null), setError(undefined))}>
            Stop Processing
          </Button>
        )}
        {populate.isPending && <Spinner label="Processing" />}
      </div>
      {result && (
        <div role="status" className={result.paused ? 'space-y-2 text-amber-300' : 'space-y-2 text-emerald-300'}>
          <p>{result.message}</p>
          {result.paused && (
            <progress
              className="w-full"
              value={result.mediaProcessed}
              max={Math.max(result.totalMediaCount, 1)}
              aria-label="Population progress"
            />
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="text-red-400">
          {error}
        </p>
      )}
      {result && <ResultsGrid result={result} />}
    </Card>
  )
}

function PopulateVotesPage() {
  const navigate = useNavigate()
  const heading = <h1 className="text-2xl font-bold">Vote Population</h1>
  if (readAdminToken() === null)
    return (
      <div className="max-w-3xl space-y-4">
        {heading}
        <div role="alert" className="text-red-400">
          <p className="font-semibold">Authentication failed</p>
          <p>{TOKEN_MISSING}</p>
        </div>
        <Button onClick={() => void navigate({ to: '/adm' })}>Go to Admin Login</Button>
      </div>
    )
  return (
    <div className="max-w-4xl space-y-6">
      {heading}
      <p className="text-zinc-400">
        Each media item gets 10 to 50 votes from synthetic users, with a 70-100% Hot bias. Processing pauses every 500 votes; continue to go
        on.
      </p>
      <p role="note" className="rounded-lg border border-amber-700/50 bg-amber-500/10 p-3 text-sm text-amber-200">
        Warning: this adds 3,000 to 10,000 votes on a typical site. Synthetic users are marked and stay until a database reset.
      </p>
      <PopulationRunner />
      <SequenceFix />
    </div>
  )
}

export { PopulateVotesPage }
