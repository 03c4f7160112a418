/**
 * The rate screen's prompts (public-visitor §4 Account-save prompt and Email-capture prompt, §6): votes are counted
 * locally from 0; after 2 votes a visitor without email sees the account-save tooltip (once per session); at the
 * configured threshold the email-capture modal opens; once it is dismissed without an email, voting is blocked.
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { SessionUser } from '@contract/session'
import { emailCaptureQueryOptions } from '@client/lib/public-config-queries'

/** Votes before the account-save tooltip (public-visitor §9). */
export const ACCOUNT_PROMPT_AFTER_VOTES = 2

const seenKey = (sessionId: string) => `hotvote.accountPromptSeen.${sessionId}`
const dismissedKey = (sessionId: string) => `hotvote.emailCaptureDismissed.${sessionId}`

/** Prompt state and actions for user. */
export function useVotePrompts(user: SessionUser) {
  const config = useQuery(emailCaptureQueryOptions())
  const [votes, setVotes] = useState(0)
  const [promptSeen, setPromptSeen] = useState(() => sessionStorage.getItem(seenKey(user.sessionId)) === 'true')
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(dismissedKey(user.sessionId)) === 'true')
  const hasEmail = Boolean(user.email)
  const capture = config.data?.isEnabled === true && !hasEmail

  const markPromptSeen = () => {
    sessionStorage.setItem(seenKey(user.sessionId), 'true')
    setPromptSeen(true)
  }
  const dismissCapture = () => {
    localStorage.setItem(dismissedKey(user.sessionId), 'true')
    setDismissed(true)
  }
  return {
    countVote: () => setVotes((n) => n + 1),
    showAccountTooltip: votes >= ACCOUNT_PROMPT_AFTER_VOTES && !hasEmail && !promptSeen,
    markPromptSeen,
    captureOpen: capture && !dismissed && votes >= (config.data?.voteThreshold ?? Infinity),
    dismissCapture,
    votingBlocked: capture && dismissed,
  }
}
