/**
 * Magic links (server-contract: Email and magic links): single-use tokens (32 random bytes, base64url, only the
 * SHA-256 stored) that expire after 15 minutes; verification only through POST, so mail scanners using GET
 * never use a token up.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Deps } from '../../core/deps'
import { inTransaction } from '../../db/open'
import { findUserBySessionId, updateUser } from '../../core/users.repo'
import { MAGIC_LINK_TTL_MS, type VerifyErrorCode } from '../../contract/auth'
import { DEFAULT_SITE_SETTINGS } from '../../contract/public-config'
import { checkEmail, normalizeEmail } from '../../mail/email-check'
import { HttpError } from '../../http/errors'
import { clearEmailOnOthers, findTokenByHash, findUserById, findUserByVerifiedEmail, insertEmailCapture, insertToken, markTokenUsed } from './auth.repo'
import { magicLinkEmail, type MagicLinkMail } from './magic-link-email'

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
const fail = (code: VerifyErrorCode, message: string) => new HttpError(400, message, undefined, { code })

/** Throws HttpError 400 with the first problem of email; returns it normalised. */
export function requireValidEmail(email: string): string {
  const check = checkEmail(email)
  if (!check.isValid) throw new HttpError(400, check.errors[0])
  return normalizeEmail(email)
}

/** Creates a token for userId and emails its link to email in the mail of kind `mail` (a 'taken' mail carries a login token). */
async function issueLink(deps: Deps, userId: number, email: string, mail: MagicLinkMail, clientAddress: string) {
  const purpose = mail === 'save' ? 'save' : 'login'
  const token = randomBytes(32).toString('base64url')
  const now = deps.clock.now()
  insertToken(deps.db, { tokenHash: sha256(token), purpose, userId, email, clientAddress, expiresAt: new Date(now.getTime() + MAGIC_LINK_TTL_MS).toISOString(), createdAt: now.toISOString() })
  const link = `${deps.config.publicUrl}/auth/verify?token=${token}`
  await deps.mailer.send(magicLinkEmail(DEFAULT_SITE_SETTINGS.siteName, email, link, mail))
}

/**
 * Emails a link that saves (verifies) email on the visitor of sessionId. When another user verified email, the mail
 * instead tells the address's owner that it has an account, with a login link to it; the caller answers the same
 * either way, so nobody learns from the answer which addresses have accounts (README Decisions). An address another
 * user only typed, unverified, never blocks (issue #10). Throws 400 (no session, bad email).
 */
export async function sendSaveLink(deps: Deps, input: { email: string; sessionId: string }, clientAddress: string): Promise<void> {
  const user = findUserBySessionId(deps.db, input.sessionId)
  if (!user) throw new HttpError(400, 'No valid session found.')
  const email = requireValidEmail(input.email)
  const owner = findUserByVerifiedEmail(deps.db, email)
  if (owner && owner.id !== user.id) await issueLink(deps, owner.id, email, 'taken', clientAddress)
  else await issueLink(deps, user.id, email, 'save', clientAddress)
}

/**
 * Emails a login link when a user has verified email; does nothing otherwise. The token and the mail are made on a later
 * turn of the event loop, so the caller answers before them and the same way either way (issue #10). Failures are logged.
 */
export function scheduleLoginLink(deps: Deps, email: string, clientAddress: string): void {
  const owner = findUserByVerifiedEmail(deps.db, email)
  if (owner) setTimeout(() => issueLink(deps, owner.id, email, 'login', clientAddress).catch((e) => console.error('login link:', e)))
}

/**
 * Uses token: 'save' verifies the email on its user (unverified copies on other users lose it, issue #10), 'login'
 * switches to the user who verified the email. Counts a login and answers the session id to continue as. Throws
 * HttpError 400 {code} with public-visitor §8's codes.
 */
export function verifyToken(deps: Pick<Deps, 'db' | 'clock'>, token: string): { sessionId: string } {
  return inTransaction(deps.db, () => {
    const row = findTokenByHash(deps.db, sha256(token))
    if (!row || row.usedAt) throw fail('invalid-token', 'Invalid or expired magic link')
    const now = deps.clock.now()
    if (Date.parse(row.expiresAt) <= now.getTime()) throw fail('expired-token', 'Magic link has expired')
    const user = findUserById(deps.db, row.userId)
    if (!user) throw fail('invalid-user', 'User verification failed')
    const owner = findUserByVerifiedEmail(deps.db, row.email)
    if (row.purpose === 'save' && owner && owner.id !== user.id) throw fail('verification-failed', 'Account verification failed')
    if (row.purpose === 'login' && owner?.id !== user.id) throw fail('verification-failed', 'Account verification failed')
    markTokenUsed(deps.db, row.id, now.toISOString())
    clearEmailOnOthers(deps.db, row.email, user.id)
    updateUser(deps.db, user.id, { email: row.email, emailVerified: true, lastLoginAt: now.toISOString(), loginCount: user.loginCount + 1 })
    return { sessionId: user.sessionId }
  })
}

/** Stores an email-capture answer and sets the email on the visitor when they have none (server-contract: POST /api/email-capture). */
export function captureEmail(deps: Pick<Deps, 'db' | 'clock'>, input: { email: string; sessionId: string }): void {
  const email = requireValidEmail(input.email)
  inTransaction(deps.db, () => {
    const user = findUserBySessionId(deps.db, input.sessionId)
    insertEmailCapture(deps.db, { email, sessionId: input.sessionId, userId: user?.id ?? null, createdAt: deps.clock.now().toISOString() })
    if (user && !user.email && !findUserByVerifiedEmail(deps.db, email)) updateUser(deps.db, user.id, { email })
  })
}
