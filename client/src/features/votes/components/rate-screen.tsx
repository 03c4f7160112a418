/**
 * RateScreen (public-visitor §2 Rate screen): the item, Hot and Not buttons, the stats panel, the empty and
 * rated-everything states, and the H/ArrowRight (Hot) and N/ArrowLeft (Not) keys. children render under
 * the buttons (skip button, ad zone); votingBlocked replaces the buttons with its notice. Items come from a
 * prefetched queue, so voting goes on offline; the votes waiting in the outbox are counted under the buttons.
 * Keyboard: the buttons stay focusable while a result shows (aria-disabled), so focus stays on them from
 * vote to vote; each result is announced in a polite live region; the one-key shortcuts can be turned off in the profile.
 */
import { Link } from '@tanstack/react-router'
import { Flame, PartyPopper, Snowflake } from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'
import { Button } from '@client/components/ui/button'
import { Spinner } from '@client/components/ui/spinner'
import { useShortcutsEnabled } from '@client/lib/preferences'
import { removeFirstPicturePreview } from '@client/lib/first-picture-preview'
import { useVote } from '../hooks/use-vote'
import { MediaView } from './media-view'
import { VoteStatsPanel } from './vote-stats-panel'
import { VotesWaiting } from './votes-waiting'

/** Text shown once every item is rated (public-visitor §2). */
export const RATED_ALL_TEXT = 'You have rated all the media we have right now - check back soon for more!'
/** Text shown offline once every prefetched item is rated. */
export const OFFLINE_EMPTY_TEXT = 'You have rated everything saved for offline use. More will load when you are back online.'

/**
 * Props: userId of the visitor; skipButton renders the skip control given the default skip action; children render
 * under it (ad zone); votingBlocked replaces the vote buttons with its notice; onVoted runs after each vote is queued.
 */
export type RateScreenProps = {
  userId: number
  skipButton?(skip: () => void): ReactNode
  children?: ReactNode
  votingBlocked?: ReactNode
  onVoted?(): void
}

function RateScreen({ userId, skipButton, children, votingBlocked, onVoted }: RateScreenProps) {
  const { status, item, stats, castVote: vote, skip, fileFailed, busy, refresh, announcement } = useVote(userId, onVoted)
  const shortcuts = useShortcutsEnabled()
  const heading = <h1 className="sr-only">Rate Photos</h1>

  // The listener is attached once and always calls the latest render's handler, so a key pressed right after a
  // new item paints is not handled by a stale closure that still sees the previous item as busy.
  const onKey = useRef<(e: KeyboardEvent) => void>(() => {})
  onKey.current = (e) => {
    if (
      !shortcuts ||
      votingBlocked ||
      e.target instanceof HTMLInputElement ||
      e.target instanceof HTMLTextAreaElement ||
      e.metaKey ||
      e.ctrlKey
    )
      return
    if (e.key === 'h' || e.key === 'H' || e.key === 'ArrowRight') vote(true)
    if (e.key === 'n' || e.key === 'N' || e.key === 'ArrowLeft') vote(false)
  }
  // The page's preview of the first picture stays only while the screen shows an item (whose view removes it once
  // its own picture has painted over it): any other state, or leaving the screen, removes it.
  const showsItem = Boolean(item && stats) && status !== 'done' && status !== 'empty'
  useEffect(() => {
    if (!showsItem) removeFirstPicturePreview()
  }, [showsItem])
  useEffect(() => removeFirstPicturePreview, [])
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey.current(e)
    window.addEventListener('keydown', listener)
    return () => window.removeEventListener('keydown', listener)
  }, [])

  if (status === 'done') {
    return (
      <div className="mx-auto mt-16 max-w-md space-y-6 text-center">
        {heading}
        <PartyPopper aria-hidden className="mx-auto h-12 w-12 text-amber-300" />
        <p className="text-lg text-zinc-200">{RATED_ALL_TEXT}</p>
        <Button onClick={refresh}>Refresh for more images</Button>
        <VotesWaiting />
      </div>
    )
  }
  if (status === 'empty') {
    return (
      <div className="mx-auto mt-16 max-w-md space-y-6 text-center">
        <h1 className="text-2xl font-bold">No Photos to Rate</h1>
        <p className="text-zinc-400">Be the first: upload a photo or video and let people vote on it.</p>
        <Link to="/upload" className="inline-flex h-10 items-center rounded-lg bg-rose-600 px-4 font-medium text-white hover:bg-rose-500">
          Upload Your First Photo
        </Link>
      </div>
    )
  }
  if (status === 'offline' && !item) {
    return (
      <div className="mx-auto mt-16 max-w-md space-y-4 text-center">
        {heading}
        <p className="text-lg text-zinc-200">{OFFLINE_EMPTY_TEXT}</p>
        <VotesWaiting />
      </div>
    )
  }
  if (!item || !stats) {
    return (
      <>
        {heading}
        <Spinner className="mx-auto mt-24 block h-10 w-10" label="Loading media" />
      </>
    )
  }
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-3 md:gap-4">
      {heading}
      <MediaView key={item.id} item={item} onError={fileFailed} />
      {votingBlocked ?? (
        <div className="grid grid-cols-2 gap-4">
          <Button
            variant="not"
            size="lg"
            aria-disabled={busy}
            onClick={() => vote(false)}
            aria-keyshortcuts={shortcuts ? 'N ArrowLeft' : undefined}
          >
            <Snowflake aria-hidden className="h-5 w-5" />
            Not
          </Button>
          <Button
            variant="hot"
            size="lg"
            aria-disabled={busy}
            onClick={() => vote(true)}
            aria-keyshortcuts={shortcuts ? 'H ArrowRight' : undefined}
          >
            <Flame aria-hidden className="h-5 w-5" />
            Hot
          </Button>
        </div>
      )}
      <p role="status" aria-live="polite" className="sr-only" data-testid="vote-announcer">
        {announcement}
      </p>
      <VotesWaiting />
      {skipButton?.(skip)}
      <VoteStatsPanel stats={stats} />
      {children}
      {shortcuts && <p className="hidden text-center text-xs text-zinc-400 md:block">Keys: H or → for Hot, N or ← for Not</p>}
    </div>
  )
}

export { RateScreen }
