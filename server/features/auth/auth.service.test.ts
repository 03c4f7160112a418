/**
 * Magic links on a real database and the test outbox: what sendSaveLink mails and stores, describeToken and
 * verifyToken's single use, expiry and session rules, captureEmail, maskEmail.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { createHash } from 'node:crypto'
import { makeTestDeps, newSessionId } from '../../../tests/support/test-app'
import { insertUser } from '../../../tests/support/rows'
import { MAGIC_LINK_TTL_MS } from '../../contract/auth'
import { hashSessionId } from '../../core/session-hash'
import type { HttpError } from '../../http/errors'
import { captureEmail, describeToken, maskEmail, requireValidEmail, sendSaveLink, verifyToken } from './auth.service'

const t = makeTestDeps({ PUBLIC_URL: 'https://hotvote.example' })
afterAll(t.cleanup)

/** A visitor with a session id, as upsertSession stores one. */
async function visitor(fields: { email?: string; emailVerified?: boolean } = {}) {
  const sessionId = newSessionId()
  return { id: await insertUser(t.sql, { sessionId, ...fields }), sessionId }
}
/** The token of the newest mail sent to `to`. */
const tokenSentTo = (to: string) =>
  t.sent
    .filter((m) => m.to === to)
    .at(-1)!
    .text.match(/\/auth\/verify\?token=([A-Za-z0-9_-]+)/)![1]
/** The error code a rejected call carries. */
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: HttpError) => [e.status, (e.extra?.code as string | undefined) ?? e.message],
  )
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

describe('sendSaveLink', () => {
  it("mails a link to the site's verify page and stores only the token's hash, tied to the asking session", async () => {
    const v = await visitor()
    await sendSaveLink(t.deps, { email: 'Sam@Example.com', sessionId: v.sessionId }, '203.0.113.9')
    const mail = t.sent.at(-1)!
    expect(mail.to).toBe('sam@example.com')
    expect(mail.text).toContain('https://hotvote.example/auth/verify?token=')
    const token = tokenSentTo('sam@example.com')
    const row = await t.sql.get(
      'select purpose, user_id, session_hash, expires_at from magic_link_tokens where token_hash = ?',
      sha256(token),
    )
    expect(row).toEqual({
      purpose: 'save',
      user_id: v.id,
      session_hash: hashSessionId(v.sessionId),
      expires_at: new Date(t.clock.now().getTime() + MAGIC_LINK_TTL_MS).toISOString(),
    })
    expect(await t.sql.get('select count(*) as n from magic_link_tokens where token_hash = ?', token)).toEqual({ n: 0 })
  })

  it("mails the owner of an address another user verified a login link to the owner's account, not a save link", async () => {
    const owner = await visitor({ email: 'owner@example.com', emailVerified: true })
    const asker = await visitor()
    await sendSaveLink(t.deps, { email: 'owner@example.com', sessionId: asker.sessionId }, '203.0.113.9')
    const row = await t.sql.get(
      'select purpose, user_id, session_hash from magic_link_tokens where token_hash = ?',
      sha256(tokenSentTo('owner@example.com')),
    )
    expect(row).toEqual({ purpose: 'login', user_id: owner.id, session_hash: null })
  })

  it('refuses an unknown session and a bad address with 400, storing and sending nothing', async () => {
    const sent = t.sent.length
    expect(await codeOf(sendSaveLink(t.deps, { email: 'a@example.com', sessionId: newSessionId() }, '203.0.113.9'))).toEqual([
      400,
      'No valid session found.',
    ])
    expect((await codeOf(sendSaveLink(t.deps, { email: 'not an email', sessionId: (await visitor()).sessionId }, '203.0.113.9')))![0]).toBe(
      400,
    )
    expect(t.sent.length).toBe(sent)
  })
})

describe('describeToken and verifyToken', () => {
  it('describe without using; verify a save link once: the email becomes verified and the asking session is kept', async () => {
    const v = await visitor()
    await sendSaveLink(t.deps, { email: 'keep@example.com', sessionId: v.sessionId }, '203.0.113.9')
    const token = tokenSentTo('keep@example.com')
    expect(await describeToken(t.deps, token, v.sessionId)).toMatchObject({ email: 'k***@example.com', purpose: 'save', sameSession: true })
    expect((await describeToken(t.deps, token, newSessionId())).sameSession).toBe(false)
    expect(await verifyToken(t.deps, token, v.sessionId)).toEqual({ sessionId: v.sessionId })
    expect(await t.sql.get('select email, email_verified from users where id = ?', v.id)).toEqual({
      email: 'keep@example.com',
      email_verified: 1,
    })
    expect(await codeOf(verifyToken(t.deps, token, v.sessionId))).toEqual([400, 'invalid-token'])
  })

  it('opened in another browser, verify answers a new session id whose hash opens the same account', async () => {
    const v = await visitor()
    await sendSaveLink(t.deps, { email: 'other@example.com', sessionId: v.sessionId }, '203.0.113.9')
    const { sessionId } = await verifyToken(t.deps, tokenSentTo('other@example.com'), undefined)
    expect(sessionId).not.toBe(v.sessionId)
    expect(await t.sql.get('select user_id from user_sessions where session_hash = ?', hashSessionId(sessionId))).toEqual({ user_id: v.id })
  })

  it('refuses a token past MAGIC_LINK_TTL_MS as expired and an unknown one as invalid, changing nothing', async () => {
    const v = await visitor()
    await sendSaveLink(t.deps, { email: 'late@example.com', sessionId: v.sessionId }, '203.0.113.9')
    const token = tokenSentTo('late@example.com')
    t.clock.advance(MAGIC_LINK_TTL_MS)
    expect(await codeOf(describeToken(t.deps, token, v.sessionId))).toEqual([400, 'expired-token'])
    expect(await codeOf(verifyToken(t.deps, token, v.sessionId))).toEqual([400, 'expired-token'])
    expect(await codeOf(verifyToken(t.deps, 'made-up-token', v.sessionId))).toEqual([400, 'invalid-token'])
    expect(await t.sql.get('select email_verified from users where id = ?', v.id)).toEqual({ email_verified: 0 })
  })
})

describe('captureEmail', () => {
  it('stores the normalised address under the session hash, and refuses a bad one with 400', async () => {
    const sessionId = newSessionId()
    await captureEmail(t.deps, { email: ' Fan@Example.COM ', sessionId })
    expect(await t.sql.get('select email from email_captures where session_id = ?', hashSessionId(sessionId))).toEqual({
      email: 'fan@example.com',
    })
    expect((await codeOf(captureEmail(t.deps, { email: 'fan@', sessionId })))![0]).toBe(400)
  })
})

describe('maskEmail and requireValidEmail', () => {
  it('mask all but the first character of the local part; requireValidEmail normalises', () => {
    expect(maskEmail('sam@example.com')).toBe('s***@example.com')
    expect(requireValidEmail(' Sam@Example.com ')).toBe('sam@example.com')
    expect(() => requireValidEmail('sam@@example')).toThrow()
  })
})
