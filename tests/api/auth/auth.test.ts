import { describe, expect, it } from 'bun:test'
import type { MailMessage } from '@server/mail/mailer'
import { call, makeTestApp, makeVisitor } from '../../support/test-app'
import { paths } from '@contract/paths'
import { waitFor } from '../../support/process-checks'

/** The token in the newest email sent to `to`. */
const tokenSentTo = (sent: { to: string; text: string }[], to: string) =>
  sent
    .filter((m) => m.to === to)
    .at(-1)!
    .text.match(/token=([A-Za-z0-9_-]+)/)![1]

describe('POST /api/validate-email', () => {
  const t = makeTestApp()
  it('accepts a good address, rejects bad syntax and throw-away domains, and suggests typo fixes', async () => {
    expect((await call(t.app, 'POST', paths.validateEmail(), { email: 'Jane@Example.com' })).json).toEqual({
      isValid: true,
      errors: [],
      suggestions: null,
    })
    expect((await call(t.app, 'POST', paths.validateEmail(), { email: 'jane@' })).json).toEqual({
      isValid: false,
      errors: ['Please enter a valid email address'],
      suggestions: null,
    })
    // Found by the fuzz suite: a lone UTF-16 surrogate made the syntax check throw (500).
    expect(
      await call(t.app, 'POST', paths.validateEmail(), undefined, {
        raw: '{"email":"\\ud800@example.com"}',
        headers: { 'content-type': 'application/json' },
      }),
    ).toMatchObject({ status: 200, json: { isValid: false, errors: ['Please enter a valid email address'] } })
    expect((await call(t.app, 'POST', paths.validateEmail(), { email: 'jane@mailinator.com' })).json.errors).toEqual([
      'Disposable email addresses are not accepted',
    ])
    expect((await call(t.app, 'POST', paths.validateEmail(), { email: 'jane@gmial.com' })).json).toMatchObject({
      isValid: true,
      suggestions: 'jane@gmail.com',
    })
    expect((await call(t.app, 'POST', paths.validateEmail(), { email: 42 })).status).toBe(400)
    t.cleanup()
  })
})

describe('saving an account through a magic link', () => {
  it('emails a link whose token verifies the email and logs the visitor in, once', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    const r = await call(t.app, 'POST', paths.sendMagicLink(), {
      email: ' Sam@Example.com ',
      username: v.user.username,
      sessionId: v.user.sessionId,
    })
    expect(r).toMatchObject({ status: 200, json: { message: 'Magic link sent! Check your email.' } })
    const mail = t.sent.at(-1)!
    expect(mail.to).toBe('sam@example.com')
    expect(mail.html).toContain('HotVote')
    expect(mail.text).toContain('http://localhost:3000/auth/verify?token=')
    const token = tokenSentTo(t.sent, 'sam@example.com')
    expect(await t.sql.get('select count(*) as n from magic_link_tokens where token_hash = ?', token)).toEqual({ n: 0 })

    const ok = await call(t.app, 'POST', paths.verifyMagicLink(), { token }, { cookie: v.cookie })
    expect(ok).toMatchObject({ status: 200, json: { sessionId: v.user.sessionId } })
    expect(ok.headers.get('set-cookie')).toContain(`sid=${v.user.sessionId}`)
    expect((await call(t.app, 'GET', paths.session(), undefined, { cookie: v.cookie })).json).toMatchObject({
      email: 'sam@example.com',
      emailVerified: true,
    })
    expect(await call(t.app, 'POST', paths.verifyMagicLink(), { token })).toMatchObject({
      status: 400,
      json: { error: 'Invalid or expired magic link', code: 'invalid-token' },
    })
    t.cleanup()
  })

  it('leaves the token usable after a GET of the emailed link, as a mail scanner does', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    await call(t.app, 'POST', paths.sendMagicLink(), { email: 'scan@example.com', sessionId: v.user.sessionId })
    const token = tokenSentTo(t.sent, 'scan@example.com')
    const scanned = await t.app.handle(new Request(`http://localhost/api/auth/verify?token=${token}`))
    expect(scanned.status).toBe(302)
    expect(scanned.headers.get('location')).toBe(`/auth/verify?token=${token}`)
    expect((await call(t.app, 'POST', paths.verifyMagicLink(), { token })).status).toBe(200)
    t.cleanup()
  })

  it('refuses an expired token and a forged one with their codes', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    await call(t.app, 'POST', paths.sendMagicLink(), { email: 'late@example.com', sessionId: v.user.sessionId })
    t.clock.advance(16 * 60 * 1000)
    expect(await call(t.app, 'POST', paths.verifyMagicLink(), { token: tokenSentTo(t.sent, 'late@example.com') })).toMatchObject({
      status: 400,
      json: { error: 'Magic link has expired', code: 'expired-token' },
    })
    expect(await call(t.app, 'POST', paths.verifyMagicLink(), { token: 'A'.repeat(43) })).toMatchObject({
      status: 400,
      json: { code: 'invalid-token' },
    })
    t.cleanup()
  })

  it("answers another user's verified email like a free one, and tells only the address's owner, with a login link", async () => {
    const t = makeTestApp()
    const owner = await makeVisitor(t.app)
    await call(t.app, 'POST', paths.sendMagicLink(), { email: 'owned@example.com', sessionId: owner.user.sessionId })
    await call(t.app, 'POST', paths.verifyMagicLink(), { token: tokenSentTo(t.sent, 'owned@example.com') })
    const v = await makeVisitor(t.app)
    const taken = await call(t.app, 'POST', paths.sendMagicLink(), { email: 'owned@example.com', sessionId: v.user.sessionId })
    const free = await call(t.app, 'POST', paths.sendMagicLink(), { email: 'free@example.com', sessionId: v.user.sessionId })
    expect([taken.status, taken.text]).toEqual([free.status, free.text])
    expect(taken).toMatchObject({ status: 200, json: { message: 'Magic link sent! Check your email.' } })

    const toOwner = t.sent.at(-2)!
    expect(toOwner).toMatchObject({ to: 'owned@example.com', subject: 'HotVote: this email already has an account' })
    expect(toOwner.text).toContain('already belongs to an account')
    expect(toOwner.text).toContain('Login as Different User')
    expect(toOwner.html).toContain('Log in')
    // Its link logs in to the owner's account; it never saves the address on the visitor who asked.
    const token = tokenSentTo(t.sent, 'owned@example.com')
    const row = await t.sql.get(
      'select purpose, user_id from magic_link_tokens where token_hash = ?',
      new Bun.CryptoHasher('sha256').update(token).digest('hex'),
    )
    expect(row).toEqual({ purpose: 'login', user_id: owner.user.id })
    expect(t.sent.at(-1)).toMatchObject({ to: 'free@example.com', subject: 'HotVote: confirm your email' })
    expect(t.sent.at(-1)!.text).toContain('Confirm this email to save your HotVote account.')
    t.cleanup()
  })

  it('answers 400 without a session or for a bad email', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    expect(await call(t.app, 'POST', paths.sendMagicLink(), { email: 'x@example.com', sessionId: 'z'.repeat(32) })).toMatchObject({
      status: 400,
      json: { error: 'No valid session found.' },
    })
    expect(await call(t.app, 'POST', paths.sendMagicLink(), { email: 'nope', sessionId: v.user.sessionId })).toMatchObject({
      status: 400,
      json: { error: 'Please enter a valid email address' },
    })
    t.cleanup()
  })

  it('answers 429 past 5 links for one email in an hour, and again after the hour', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    const send = () => call(t.app, 'POST', paths.sendMagicLink(), { email: 'many@example.com', sessionId: v.user.sessionId })
    for (let i = 0; i < 5; i++) expect((await send()).status).toBe(200)
    expect(await send()).toMatchObject({ status: 429, json: { error: 'Too many login links requested. Please try again later.' } })
    t.clock.advance(61 * 60 * 1000)
    expect((await send()).status).toBe(200)
    t.cleanup()
  })

  it('answers 429 past 20 links from one client address in an hour', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    for (let i = 0; i < 20; i++) expect((await call(t.app, 'POST', paths.loginExisting(), { email: `u${i}@example.com` })).status).toBe(200)
    expect((await call(t.app, 'POST', paths.sendMagicLink(), { email: 'fresh@example.com', sessionId: v.user.sessionId })).status).toBe(429)
    t.cleanup()
  })
})

describe('logging in as an existing user', () => {
  it('answers known and unknown emails alike, and the link switches the visitor to the account', async () => {
    const t = makeTestApp()
    const owner = await makeVisitor(t.app)
    await call(t.app, 'POST', paths.sendMagicLink(), { email: 'kim@example.com', sessionId: owner.user.sessionId })
    await call(t.app, 'POST', paths.verifyMagicLink(), { token: tokenSentTo(t.sent, 'kim@example.com') })

    const known = await call(t.app, 'POST', paths.loginExisting(), { email: 'kim@example.com' })
    const unknown = await call(t.app, 'POST', paths.loginExisting(), { email: 'nobody@example.com' })
    expect([known.status, known.text]).toEqual([unknown.status, unknown.text])
    await waitFor('a second mail to kim', () => t.sent.filter((m) => m.to === 'kim@example.com').length === 2)
    expect(t.sent.filter((m) => m.to === 'nobody@example.com')).toEqual([])

    const visitor = await makeVisitor(t.app)
    const ok = await call(
      t.app,
      'POST',
      paths.verifyMagicLink(),
      { token: tokenSentTo(t.sent, 'kim@example.com') },
      { cookie: visitor.cookie },
    )
    expect(ok.json.sessionId).not.toBe(owner.user.sessionId)
    expect(ok.headers.get('set-cookie')).toContain(`sid=${ok.json.sessionId}`)
    expect((await call(t.app, 'GET', paths.session(), undefined, { cookie: `sid=${ok.json.sessionId}` })).json).toMatchObject({
      id: owner.user.id,
      sessionId: ok.json.sessionId,
    })
    expect((await call(t.app, 'GET', paths.session(), undefined, { cookie: owner.cookie })).json.id).toBe(owner.user.id)
    const loginCount = (await t.sql.get('select login_count from users where id = ?', owner.user.id)) as { login_count: number }
    expect(loginCount.login_count).toBe(3)
    t.cleanup()
  })
})

describe('POST /api/email-capture', () => {
  it('stores the capture and sets the email on a visitor without one', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    expect(await call(t.app, 'POST', paths.emailCapture(), { email: 'Fan@Example.com', sessionId: v.user.sessionId })).toMatchObject({
      status: 201,
      json: { message: 'Thanks for your email!' },
    })
    expect(await t.sql.all('select email, user_id from email_captures')).toEqual([{ email: 'fan@example.com', user_id: v.user.id }])
    expect((await call(t.app, 'GET', paths.session(), undefined, { cookie: v.cookie })).json.email).toBe('fan@example.com')
    expect((await call(t.app, 'POST', paths.emailCapture(), { email: 'bad', sessionId: v.user.sessionId })).status).toBe(400)
    t.cleanup()
  })
})

describe('an email someone typed but never verified', () => {
  it('does not lock out its real owner, who gets it by the link while the squatter loses it', async () => {
    const t = makeTestApp()
    const squatter = await makeVisitor(t.app)
    expect(
      (await call(t.app, 'PATCH', `/api/users/${squatter.user.id}`, { email: 'real@example.com' }, { cookie: squatter.cookie })).status,
    ).toBe(200)
    const owner = await makeVisitor(t.app)
    expect(
      await call(t.app, 'PATCH', `/api/users/${owner.user.id}`, { email: 'real@example.com' }, { cookie: owner.cookie }),
    ).toMatchObject({ status: 200, json: { email: 'real@example.com', emailVerified: false } })
    expect((await call(t.app, 'POST', paths.sendMagicLink(), { email: 'real@example.com', sessionId: owner.user.sessionId })).status).toBe(
      200,
    )
    expect(
      (await call(t.app, 'POST', paths.verifyMagicLink(), { token: tokenSentTo(t.sent, 'real@example.com') }, { cookie: owner.cookie }))
        .json,
    ).toEqual({ sessionId: owner.user.sessionId })
    expect((await call(t.app, 'GET', paths.session(), undefined, { cookie: owner.cookie })).json).toMatchObject({
      email: 'real@example.com',
      emailVerified: true,
    })
    expect((await call(t.app, 'GET', paths.session(), undefined, { cookie: squatter.cookie })).json).toMatchObject({
      email: null,
      emailVerified: false,
    })
    // Now that it is verified, it is the owner's: the profile stores the squatter's copy unverified again, answered as
    // for any address (no 409 that would tell which addresses have accounts), and the owner keeps it verified; a save
    // link asked for it goes to the owner as a login link instead.
    const again = await call(t.app, 'PATCH', `/api/users/${squatter.user.id}`, { email: 'real@example.com' }, { cookie: squatter.cookie })
    expect(again).toMatchObject({ status: 200, json: { email: 'real@example.com', emailVerified: false } })
    expect((await call(t.app, 'GET', paths.session(), undefined, { cookie: owner.cookie })).json).toMatchObject({
      email: 'real@example.com',
      emailVerified: true,
    })
    const save = await call(t.app, 'POST', paths.sendMagicLink(), { email: 'real@example.com', sessionId: squatter.user.sessionId })
    expect(save.status).toBe(200)
    expect(t.sent.at(-1)).toMatchObject({ to: 'real@example.com', subject: 'HotVote: this email already has an account' })
    t.cleanup()
  })

  it("lets the owner save it even when the squatter's copy came first through the email-capture prompt", async () => {
    const t = makeTestApp()
    const squatter = await makeVisitor(t.app)
    await call(t.app, 'POST', paths.emailCapture(), { email: 'cap@example.com', sessionId: squatter.user.sessionId })
    const owner = await makeVisitor(t.app)
    expect((await call(t.app, 'POST', paths.sendMagicLink(), { email: 'cap@example.com', sessionId: owner.user.sessionId })).status).toBe(
      200,
    )
    expect((await call(t.app, 'POST', paths.verifyMagicLink(), { token: tokenSentTo(t.sent, 'cap@example.com') })).status).toBe(200)
    expect(await t.sql.all('select id, email_verified as v from users where email = ?', 'cap@example.com')).toEqual([
      { id: owner.user.id, v: 1 },
    ])
    t.cleanup()
  })

  it('sends no login link for an address that is only typed, not verified', async () => {
    const t = makeTestApp()
    const squatter = await makeVisitor(t.app)
    await call(t.app, 'PATCH', `/api/users/${squatter.user.id}`, { email: 'typed@example.com' }, { cookie: squatter.cookie })
    expect(await call(t.app, 'POST', paths.loginExisting(), { email: 'typed@example.com' })).toMatchObject({
      status: 200,
      json: { message: 'If an account uses this email, a login link is on its way.' },
    })
    // The answer does not wait for the mail; a mail to a verified address goes out after it (checked below), so
    // waiting for that one also covers the unverified one that must never come.
    const owner = await makeVisitor(t.app)
    await call(t.app, 'POST', paths.sendMagicLink(), { email: 'known@example.com', sessionId: owner.user.sessionId })
    await call(t.app, 'POST', paths.verifyMagicLink(), { token: tokenSentTo(t.sent, 'known@example.com') })
    await call(t.app, 'POST', paths.loginExisting(), { email: 'known@example.com' })
    await waitFor('a second mail to known', () => t.sent.filter((m) => m.to === 'known@example.com').length === 2)
    expect(t.sent.filter((m) => m.to === 'typed@example.com')).toEqual([])
    t.cleanup()
  })
})

describe('POST /api/auth/login-existing timing', () => {
  it('answers before the login mail is sent, so a known address answers like an unknown one', async () => {
    let release = () => {}
    const gate = new Promise<void>((r) => (release = r))
    const mails: MailMessage[] = []
    // Login mails hang until released, as a slow SMTP server would.
    const t = makeTestApp({}, { mailer: { send: (m) => (mails.push(m), m.subject.includes('login link') ? gate : Promise.resolve()) } })
    const owner = await makeVisitor(t.app)
    await call(t.app, 'POST', paths.sendMagicLink(), { email: 'fast@example.com', sessionId: owner.user.sessionId })
    await call(t.app, 'POST', paths.verifyMagicLink(), { token: tokenSentTo(mails, 'fast@example.com') })

    const answer = call(t.app, 'POST', paths.loginExisting(), { email: 'fast@example.com' })
    await waitFor('two mails', () => mails.length === 2)
    const answeredFirst = await Promise.race([answer.then(() => true), Promise.resolve().then(() => false)])
    release()
    expect(answeredFirst).toBe(true)
    expect(await answer).toMatchObject({ status: 200, json: { message: 'If an account uses this email, a login link is on its way.' } })
    expect(mails[1]).toMatchObject({ to: 'fast@example.com', subject: 'HotVote: your login link' })
    t.cleanup()
  })

  it('counts the link requests for a verified address against the link limits, so its owner is not flooded', async () => {
    const t = makeTestApp()
    const owner = await makeVisitor(t.app)
    await call(t.app, 'POST', paths.sendMagicLink(), { email: 'held@example.com', sessionId: owner.user.sessionId })
    await call(t.app, 'POST', paths.verifyMagicLink(), { token: tokenSentTo(t.sent, 'held@example.com') })
    const prober = await makeVisitor(t.app)
    const probe = () => call(t.app, 'POST', paths.sendMagicLink(), { email: 'held@example.com', sessionId: prober.user.sessionId })
    for (let i = 0; i < 4; i++) expect((await probe()).status).toBe(200)
    expect((await probe()).status).toBe(429)
    t.cleanup()
  })
})
