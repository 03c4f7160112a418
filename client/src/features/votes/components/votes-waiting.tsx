/** VotesWaiting: how many votes wait in the outbox to reach the server, e.g. '3 votes waiting to sync'; nothing when none. A polite live region, so the sync status is announced. */
import { useOutboxState } from '@client/lib/offline/use-outbox'

/** The text for n waiting votes ('1 vote waiting to sync', '3 votes waiting to sync'), or '' for none. */
export const votesWaitingText = (n: number) => (n === 0 ? '' : `${n} ${n === 1 ? 'vote' : 'votes'} waiting to sync`)

function VotesWaiting() {
  const { counts } = useOutboxState()
  return (
    // A fixed-height live region, so the line appearing never moves the buttons.
    <p role="status" aria-live="polite" className="min-h-5 text-center text-sm text-amber-300">
      {votesWaitingText(counts.vote ?? 0)}
    </p>
  )
}

export { VotesWaiting }
