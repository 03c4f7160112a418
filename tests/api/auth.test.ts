import { describe, expect, it } from 'bun:test'
import { call, makeTestApp, makeVisitor } from '../support/test-app'

/** The token in the newest email sent to `to`. */
const tokenSentTo = (sent: { to: string; text: string }[], to: string) => sent.filter((m) => m.to === to).at(-1)!.text.match(/token=([A-Za-z0-9_-]+)/)![1]

describe('POST /api/validate-email', () => {
  const t = makeTestApp()
  it('accepts a good address, rejects bad syntax and throw-away domains, and suggests typo fixes', async () => {
    expect((await call(t.app, 'POST', '/api/validate-email', { email: 'Jane@Example.com' })).json).toEqual({ isValid: true, errors: [], suggestions: null })
    expect((await call(t.app, 'POST', '/api/validate-email', { email: 'jane@' })).json).toEqual({ isValid: false, errors: ['Please enter a valid email address'], suggestions: null })
    // Found by the fuzz suite: a lone UTF-16 surrogate made the syntax check throw (500).
    expect(await call(t.app, 'POST', '/api/validate-email', undefined, { raw: '{"email":"\\ud800@example.com"}', headers: { 'content-type': 'application/json' } })).toMatchObject({ status: 200, json: { isValid: false, errors: ['Please enter a valid email address'] } })
    expect((await call(t.app, 'POST', '/api/validate-email', { email: 'jane@mailinator.com' })).json.errors).toEqual(['Disposable email addresses are not accepted'])
    expect((await call(t.app, 'POST', '/api/validate-email', { email: 'jane@gmial.com' })).json).toMatchObject({ isValid: true, suggestions: 'jane@gmail.com' })
    expect((await call(t.app, 'POST', '/api/validate-email', { email: 42 })).status).toBe(400)
    t.cleanup()
  })
})

describe('saving an account through a magic link', () => {
  it('emails a link whose token verifies the email and logs the visitor in, once', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    const r = await call(t.app, 'POST', '/api/auth/send-magic-link', { email: ' Sam@Example.com ', username: v.user.username, sessionId: v.user.sessionId })
    expect(r).toMatchObject({ status: 200, json: { message: 'Magic link sent! Check your email.' } })
    const mail = t.sent.at(-1)!
    expect(mail.to).toBe('sam@example.com')
    expect(mail.html).toContain('HotVote')
    expect(mail.text).toContain('http://localhost:3000/auth/verify?token=')
    const token = tokenSentTo(t.sent, 'sam@example.com')
    expect(t.sqlite.query('select count(*) as n from magic_link_tokens where token_hash = ?').get(token)).toEqual({ n: 0 })

    const ok = await call(t.app, 'POST', '/api/auth/verify', { token })
    expect(ok).toMatchObject({ status: 200, json: { sessionId: v.user.sessionId } })
    expect(ok.headers.get('set-cookie')).toContain(`sid=${v.user.sessionId}`)
    expect((await call(t.app, 'GET', '/api/session', undefined, { cookie: v.cookie })).json).toMatchObject({ email: 'sam@example.com', emailVerified: true })
    expect(await call(t.app, 'POST', '/api/auth/verify', { token })).toMatchObject({ status: 400, json: { error: 'Invalid or expired magic link', code: 'invalid-token' } })
    t.cleanup()
  })

  it('leaves the token usable after a GET of the emailed link, as a mail scanner does', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    await call(t.app, 'POST', '/api/auth/send-magic-link', { email: 'scan@example.com', sessionId: v.user.sessionId })
    const token = tokenSentTo(t.sent, 'scan@example.com')
    const scanned = await t.app.handle(new Request(`http://localhost/api/auth/verify?token=${token}`))
    expect(scanned.status).toBe(302)
    expect(scanned.headers.get('location')).toBe(`/auth/verify?token=${token}`)
    expect((await call(t.app, 'POST', '/api/auth/verify', { token })).status).toBe(200)
    t.cleanup()
  })

  it('refuses an expired token and a forged one with their codes', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    await call(t.app, 'POST', '/api/auth/send-magic-link', { email: 'late@example.com', sessionId: v.user.sessionId })
    t.clock.advance(16 * 60 * 1000)
    expect(await call(t.app, 'POST', '/api/auth/verify', { token: tokenSentTo(t.sent, 'late@example.com') })).toMatchObject({ status: 400, json: { error: 'Magic link has expired', code: 'expired-token' } })
    expect(await call(t.app, 'POST', '/api/auth/verify', { token: 'A'.repeat(43) })).toMatchObject({ status: 400, json: { code: 'invalid-token' } })
    t.cleanup()
  })

  it("answers 409 for another user's email, 400 without a session or for a bad email", async () => {
    const t = makeTestApp()
    const owner = await makeVisitor(t.app)
    await call(t.app, 'PATCH', `/api/users/${owner.user.id}`, { email: 'owned@example.com' }, { cookie: owner.cookie })
    const v = await makeVisitor(t.app)
    const taken = await call(t.app, 'POST', '/api/auth/send-magic-link', { email: 'owned@example.com', sessionId: v.user.sessionId })
    expect(taken.status).toBe(409)
    expect(taken.json.error).toContain('Login as Different User')
    expect(await call(t.app, 'POST', '/api/auth/send-magic-link', { email: 'x@example.com', sessionId: 'z'.repeat(32) })).toMatchObject({ status: 400, json: { error: 'No valid session found.' } })
    expect(await call(t.app, 'POST', '/api/auth/send-magic-link', { email: 'nope', sessionId: v.user.sessionId })).toMatchObject({ status: 400, json: { error: 'Please enter a valid email address' } })
    t.cleanup()
  })

  it('answers 429 past 5 links for one email in an hour, and again after the hour', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    const send = () => call(t.app, 'POST', '/api/auth/send-magic-link', { email: 'many@example.com', sessionId: v.user.sessionId })
    for (let i = 0; i < 5; i++) expect((await send()).status).toBe(200)
    expect(await send()).toMatchObject({ status: 429, json: { error: 'Too many login links requested. Please try again later.' } })
    t.clock.advance(61 * 60 * 1000)
    expect((await send()).status).toBe(200)
    t.cleanup()
  })

  it('answers 429 past 20 links from one client address in an hour', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    for (let i = 0; i < 20; i++) expect((await call(t.app, 'POST', '/api/auth/login-existing', { email: `u${i}@example.com` })).status).toBe(200)
    expect((await call(t.app, 'POST', '/api/auth/send-magic-link', { email: 'fresh@example.com', sessionId: v.user.sessionId })).status).toBe(429)
    t.cleanup()
  })
})

describe('logging in as an existing user', () => {
  it('answers known and unknown emails alike, and the link switches the visitor to the account', async () => {
    const t = makeTestApp()
    const owner = await makeVisitor(t.app)
    await call(t.app, 'POST', '/api/auth/send-magic-link', { email: 'kim@example.com', sessionId: owner.user.sessionId })
    await call(t.app, 'POST', '/api/auth/verify', { token: tokenSentTo(t.sent, 'kim@example.com') })

    const known = await call(t.app, 'POST', '/api/auth/login-existing', { email: 'kim@example.com' })
    const unknown = await call(t.app, 'POST', '/api/auth/login-existing', { email: 'nobody@example.com' })
    expect([known.status, known.text]).toEqual([unknown.status, unknown.text])
    expect(t.sent.filter((m) => m.to === 'nobody@example.com')).toEqual([])

    const visitor = await makeVisitor(t.app)
    const ok = await call(t.app, 'POST', '/api/auth/verify', { token: tokenSentTo(t.sent, 'kim@example.com') }, { cookie: visitor.cookie })
    expect(ok.json).toEqual({ sessionId: owner.user.sessionId })
    const loginCount = t.sqlite.query('select login_count from users where id = ?').get(owner.user.id) as { login_count: number }
    expect(loginCount.login_count).toBe(3)
    t.cleanup()
  })
})

describe('POST /api/email-capture', () => {
  it('stores the capture and sets the email on a visitor without one', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    expect(await call(t.app, 'POST', '/api/email-capture', { email: 'Fan@Example.com', sessionId: v.user.sessionId })).toMatchObject({ status: 201, json: { message: 'Thanks for your email!' } })
    expect(t.sqlite.query('select email, user_id from email_captures').all()).toEqual([{ email: 'fan@example.com', user_id: v.user.id }])
    expect((await call(t.app, 'GET', '/api/session', undefined, { cookie: v.cookie })).json.email).toBe('fan@example.com')
    expect((await call(t.app, 'POST', '/api/email-capture', { email: 'bad', sessionId: v.user.sessionId })).status).toBe(400)
    t.cleanup()
  })
})
