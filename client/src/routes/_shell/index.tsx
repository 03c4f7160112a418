/** Route / : the rate screen with its skip button, ad zone, account prompts and voting block (public-visitor §2, §4). */
import { createFileRoute } from '@tanstack/react-router'
import { Suspense, useState } from 'react'
import type { SessionUser } from '@contract/session'
import { sessionQueryOptions, useSessionUser } from '@client/features/session/api/get-session'
import { RateScreen } from '@client/features/votes/components/rate-screen'
import { prefetchFirstQueue } from '@client/features/votes/api/get-media-queue'
import { AdZone } from '@client/features/ads/components/ad-zone'
import { SkipButton } from '@client/features/ads/components/skip-button'
import { useVotePrompts } from '@client/features/prompts/hooks/use-vote-prompts'
import { AccountSaveTooltip, VotingBlockedNotice } from '@client/features/prompts/components/prompt-notices'
import { lazyComponent } from '@client/lib/lazy-component'

// The prompt dialogs load the first time one opens (no dialog code on the first load of /).
const AccountSaveModal = lazyComponent(() => import('@client/features/prompts/components/prompt-dialogs'), 'AccountSaveModal')
const EmailCaptureModal = lazyComponent(() => import('@client/features/prompts/components/prompt-dialogs'), 'EmailCaptureModal')

function RateWithPrompts({ user }: { user: SessionUser }) {
  const prompts = useVotePrompts(user)
  const [saving, setSaving] = useState(false)
  return (
    <>
      <RateScreen
        userId={user.id}
        onVoted={prompts.countVote}
        votingBlocked={prompts.votingBlocked ? <VotingBlockedNotice /> : undefined}
        skipButton={(skip) => <SkipButton skip={skip} />}
      >
        <AdZone zoneId="zone1" />
      </RateScreen>
      {prompts.showAccountTooltip && (
        <AccountSaveTooltip
          onClick={() => {
            prompts.markPromptSeen()
            setSaving(true)
          }}
        />
      )}
      <Suspense fallback={null}>
        {saving && <AccountSaveModal open onClose={() => setSaving(false)} />}
        {prompts.captureOpen && <EmailCaptureModal open onDismiss={prompts.dismissCapture} />}
      </Suspense>
    </>
  )
}

function RatePage() {
  const { data: user } = useSessionUser()
  if (!user) return null
  return <RateWithPrompts user={user} />
}

export const Route = createFileRoute('/_shell/')({
  // Not awaited, so nothing waits for it: the first queue is asked for the moment the session answers, before the
  // screen renders. A hover preload of / does not fetch it.
  loader: ({ context: { queryClient }, preload }) => {
    if (preload) return
    void queryClient
      .ensureQueryData(sessionQueryOptions())
      .then((user) => user && prefetchFirstQueue(user.id))
      .catch(() => undefined)
  },
  component: RatePage,
})
