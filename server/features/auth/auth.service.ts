/**
 * Magic links (server-contract: Email and magic links): single-use tokens (32 random bytes, base64url, only the
 * SHA-256 stored) that expire after 15 minutes; verification only through POST, so mail scanners using GET
 * never use a token up. A token remembers the session that asked for it: describeToken tells the verify page whether
 * the browser holds that session (then it completes on load) or must show whose account opens and wait for a click.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Deps } from '../../core/deps'
import { findUserBySessionHash, findUserByVerifiedEmail } from '../../repositories/users.repository'
import { findTokenWithUsers, insertToken, redeemMagicLinkToken, type TokenWithUsers } from '../../repositories/magic-link-tokens.repository'
import { insertEmailCapture } from '../../repositories/email-captures.repository'
import { hashSessionId, mintSessionId } from '../../core/session-hash'
import { MAGIC_LINK_TTL_MS, type MagicLinkInfo, type VerifyErrorCode } from '../../contract/auth'
import { DEFAULT_SITE_SETTINGS } from '../../contract/public-config'
import { checkEmail, normalizeEmail } from '../../mail/email-check'
import { HttpError } from '../../http/errors'
import { magicLinkEmail, type MagicLinkMail } from './magic-link-email'
import { logger } from '../../core/log'

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
const fail = (code: VerifyErrorCode, message: string) => new HttpError(400, message, undefined, { code })

/** Throws HttpError 400 with the first problem of email; returns it normalised. */
export function requireValidEmail(email: string): string {
  const check = checkEmail(email)
  if (!check.isValid) throw new HttpError(400, check.errors[0])
  return normalizeEmail(email)
}

/**
 * Creates a token for userId, asked by the session sessionHash (null: none), and emails its link to email in the mail
 * of kind `mail` (a 'taken' mail carries a login token).
 */
async function issueLink(
  deps: Deps,
  userId: number,
  email: string,
  mail: MagicLinkMail,
  clientAddress: string,
  sessionHash: string | null,
) {
  const purpose = mail === 'save' ? 'save' : 'login'
  const token = randomBytes(32).toString('base64url')
  const now = deps.clock.now()
  await insertToken(deps.db, {
    tokenHash: sha256(token),
    purpose,
    userId,
    email,
    clientAddress,
    sessionHash,
    expiresAt: new Date(now.getTime() + MAGIC_LINK_TTL_MS).toISOString(),
    createdAt: now.toISOString(),
  })
  const link = `${deps.config.publicUrl}/auth/verify?token=${token}`
  await deps.mailer.send(magicLinkEmail(DEFAULT_SITE_SETTINGS.siteName, email, link, mail))
}

/**
 * Emails a link that saves (verifies) email on the visitor of sessionId. When another user verified email, the mail
 * instead tells the address's owner that it has an account, with a login link to it; the caller answers the same
 * either way, so nobody learns from the answer which addresses have accounts (docs/decisions.md). An address another
 * user only typed, unverified, never blocks. Throws 400 (no session, bad email).
 */
export async function sendSaveLink(deps: Deps, input: { email: string; sessionId: string }, clientAddress: string): Promise<void> {
  const sessionHash = hashSessionId(input.sessionId)
  const user = await findUserBySessionHash(deps.db, sessionHash)
  if (!user) throw new HttpError(400, 'No valid session found.')
  const email = requireValidEmail(input.email)
  const owner = await findUserByVerifiedEmail(deps.db, email)
  // A 'taken' mail goes to the owner, not the asker: its link knows no asking session, so it asks in every browser.
  if (owner && owner.id !== user.id) await issueLink(deps, owner.id, email, 'taken', clientAddress, null)
  else await issueLink(deps, user.id, email, 'save', clientAddress, sessionHash)
}

/**
 * Emails a login link when a user has verified email; does nothing otherwise. The token and the mail are made on a later
 * turn of the event loop, so the caller answers before them and the same way either way. Failures are logged.
 * sid: the asking browser's session (undefined: none), the one that may complete the link without a click.
 */
export function scheduleLoginLink(deps: Deps, email: string, clientAddress: string, sid: string | undefined): void {
  const sessionHash = sid ? hashSessionId(sid) : null
  const send = async () => {
    const owner = await findUserByVerifiedEmail(deps.db, email)
    if (owner) await issueLink(deps, owner.id, email, 'login', clientAddress, sessionHash)
  }
  setTimeout(() => send().catch((e) => logger.error({ err: e }, 'login link failed')))
}

/** The unused, unexpired token row of found and the user it opens; throws HttpError 400 {code} with public-visitor §8's codes. */
function usableToken(deps: Pick<Deps, 'clock'>, found: TokenWithUsers | undefined) {
  const row = found?.row
  if (!row || row.usedAt) throw fail('invalid-token', 'Invalid or expired magic link')
  if (Date.parse(row.expiresAt) <= deps.clock.now().getTime()) throw fail('expired-token', 'Magic link has expired')
  const { user, owner } = found
  if (!user) throw fail('invalid-user', 'User verification failed')
  if (row.purpose === 'save' && owner && owner.id !== user.id) throw fail('verification-failed', 'Account verification failed')
  if (row.purpose === 'login' && owner?.id !== user.id) throw fail('verification-failed', 'Account verification failed')
  return { row, user }
}

/** email with all but the first character of its local part masked: `sam@example.com` is `s***@example.com`. */
export const maskEmail = (email: string) => `${email.slice(0, 1)}***${email.slice(email.lastIndexOf('@'))}`

/**
 * Looks at token without using it: whose account it opens and whether sid (the caller's sid cookie, undefined: none)
 * is the session that asked for it. Changes nothing. Throws like verifyToken.
 */
export async function describeToken(deps: Pick<Deps, 'db' | 'clock'>, token: string, sid: string | undefined): Promise<MagicLinkInfo> {
  const { row, user } = usableToken(deps, await findTokenWithUsers(deps.db, sha256(token)))
  const sameSession = !!sid && row.sessionHash !== null && row.sessionHash === hashSessionId(sid)
  return { username: user.username, email: maskEmail(row.email), purpose: row.purpose, sameSession }
}

/**
 * Uses token: 'save' verifies the email on its user (unverified copies on other users lose it), 'login'
 * switches to the user who verified the email. Counts a login and answers the session id to continue as: sid itself
 * when it already is a session of that user, otherwise a new random one whose hash is added to the user's sessions
 * (the database keeps no id in clear, so no other browser's id can be handed out). Throws HttpError 400 {code} with
 * public-visitor §8's codes.
 */
export async function verifyToken(
  deps: Pick<Deps, 'db' | 'clock'>,
  token: string,
  sid: string | undefined,
): Promise<{ sessionId: string }> {
  const sessionId = mintSessionId()
  const { keptSid } = await redeemMagicLinkToken(deps.db, sha256(token), {
    check: (found) => usableToken(deps, found),
    now: deps.clock.now().toISOString(),
    sidHash: sid && hashSessionId(sid),
    newSessionHash: hashSessionId(sessionId),
  })
  return { sessionId: keptSid ? sid! : sessionId }
}

/** Stores an email-capture answer and sets the email on the visitor when they have none (server-contract: POST /api/email-capture). */
export async function captureEmail(deps: Pick<Deps, 'db' | 'clock'>, input: { email: string; sessionId: string }): Promise<void> {
  const email = requireValidEmail(input.email)
  await insertEmailCapture(deps.db, { email, sessionHash: hashSessionId(input.sessionId), createdAt: deps.clock.now().toISOString() })
}
