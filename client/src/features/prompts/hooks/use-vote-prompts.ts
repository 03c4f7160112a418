/**
 * The rate screen's prompts (public-visitor §4 Account-save prompt and Email-capture prompt, §6): votes are counted
 * locally from 0; after 2 votes a visitor without email sees the account-save tooltip (once per session); at the
 * configured threshold the email-capture modal opens; once it is dismissed without an email, voting is blocked.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { EmailCaptureConfig } from '@contract/public-config'
import type { SessionUser } from '@contract/session'
import { apiFetch } from '@client/lib/api-client'

/** Votes before the account-save tooltip (public-visitor §9). */
export const ACCOUNT_PROMPT_AFTER_VOTES = 2
/** Cache of the email-capture config, ms (public-visitor §9). */
export const EMAIL_CAPTURE_STALE_MS = 30 * 60 * 1000

const seenKey = (sessionId: string) => `hotvote.accountPromptSeen.${sessionId}`
const dismissedKey = (sessionId: string) => `hotvote.emailCaptureDismissed.${sessionId}`

/** Prompt state and actions for user. */
export function useVotePrompts(user: SessionUser) {
  const config = useQuery(queryOptions({ queryKey: ['/api/email-capture-config'], queryFn: () => apiFetch<EmailCaptureConfig>('/api/email-capture-config'), staleTime: EMAIL_CAPTURE_STALE_MS }))
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
