/**
 * Magic-link calls (public-visitor §7; server-contract: Email and magic links): send a save link, send a login
 * link, look at a token from the emailed link without using it, and verify it (POSTs, so mail scanners opening the
 * link never use it up).
 */
import { useMutation } from '@tanstack/react-query'
import type { MagicLinkInfo, Message, VerifyAnswer, VerifyErrorCode } from '@contract/auth'
import { apiFetch } from '@client/lib/api-client'
import { ensureStoredSession } from '@client/lib/session-storage'
import { paths } from '@contract/paths'

/** Sends a link that saves the visitor's account under email. */
export const useSendMagicLink = () =>
  useMutation({
    mutationFn: (email: string) => {
      const session = ensureStoredSession()
      return apiFetch<Message>(paths.sendMagicLink(), {
        method: 'POST',
        json: { email: email.trim().toLowerCase(), username: session.username, sessionId: session.sessionId },
      })
    },
  })

/** Sends a login link for an existing account (same answer whether or not it exists). */
export const useLoginExisting = () =>
  useMutation({
    mutationFn: (email: string) =>
      apiFetch<Message>(paths.loginExisting(), { method: 'POST', json: { email: email.trim().toLowerCase() } }),
  })

/** Whose account a token opens and whether this browser asked for it; uses nothing. Rejects with ApiError carrying {error, code}. */
export const getMagicLinkInfo = (token: string) => apiFetch<MagicLinkInfo>(paths.magicLinkInfo(), { method: 'POST', json: { token } })

/** Uses a token; resolves to the session to continue as. Rejects with ApiError carrying {error, code}. */
export const verifyMagicLink = (token: string) => apiFetch<VerifyAnswer>(paths.verifyMagicLink(), { method: 'POST', json: { token } })

/** The message shown for a failed verification code (public-visitor §8). */
export function verifyErrorMessage(code: string | undefined): string {
  const messages: Record<VerifyErrorCode, string> = {
    'invalid-token': 'Invalid or expired magic link',
    'expired-token': 'Magic link has expired',
    'invalid-user': 'User verification failed',
    'verification-failed': 'Account verification failed',
  }
  return messages[code as VerifyErrorCode] ?? 'Something went wrong'
}
