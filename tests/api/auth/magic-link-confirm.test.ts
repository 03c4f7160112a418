/**
 * A magic link completes without a click only in the browser whose session asked for it; any other browser first looks
 * at the token (POST /api/auth/link-info, which uses nothing) and uses it only on a confirm.
 */
import { describe, expect, it } from 'bun:test'
import { call, makeTestApp, makeVisitor } from '../../support/test-app'
import { paths } from '@contract/paths'
import { waitFor } from '../../support/process-checks'

/** The token in the newest email sent to `to`. */
const tokenSentTo = (sent: { to: string; text: string }[], to: string) =>
  sent
    .filter((m) => m.to === to)
    .at(-1)!
    .text.match(/token=([A-Za-z0-9_-]+)/)![1]

describe('a save link opened in another browser', () => {
  it("shows whose account it opens, changes nothing until confirmed, and the confirm gives that browser a new session of the asker's account", async () => {
    const t = makeTestApp()
    const attacker = await makeVisitor(t.app)
    const victim = await makeVisitor(t.app)
    expect(
      (
        await call(
          t.app,
          'POST',
          paths.sendMagicLink(),
          { email: 'victim@example.com', sessionId: attacker.user.sessionId },
          { cookie: attacker.cookie },
        )
      ).status,
    ).toBe(200)
    const token = tokenSentTo(t.sent, 'victim@example.com')

    const expected = { username: attacker.user.username, email: 'v***@example.com', purpose: 'save', sameSession: false }
    expect(await call(t.app, 'POST', paths.magicLinkInfo(), { token })).toMatchObject({ status: 200, json: expected })
    expect(await call(t.app, 'POST', paths.magicLinkInfo(), { token }, { cookie: victim.cookie })).toMatchObject({
      status: 200,
      json: expected,
    })
    expect(await t.sql.all('select used_at from magic_link_tokens')).toEqual([{ used_at: null }])
    expect((await call(t.app, 'GET', paths.session(), undefined, { cookie: victim.cookie })).json).toMatchObject({
      id: victim.user.id,
      sessionId: victim.user.sessionId,
    })
    expect((await call(t.app, 'GET', paths.session(), undefined, { cookie: attacker.cookie })).json).toMatchObject({
      email: null,
      emailVerified: false,
    })

    const confirmed = await call(t.app, 'POST', paths.verifyMagicLink(), { token }, { cookie: victim.cookie })
    expect(confirmed.status).toBe(200)
    expect([victim.user.sessionId, attacker.user.sessionId]).not.toContain(confirmed.json.sessionId)
    expect((await call(t.app, 'GET', paths.session(), undefined, { cookie: `sid=${confirmed.json.sessionId}` })).json).toMatchObject({
      id: attacker.user.id,
      emailVerified: true,
    })
    expect((await call(t.app, 'GET', paths.session(), undefined, { cookie: victim.cookie })).json.id).toBe(victim.user.id)
    expect(await call(t.app, 'POST', paths.magicLinkInfo(), { token })).toMatchObject({ status: 400, json: { code: 'invalid-token' } })
    t.cleanup()
  })

  it('answers a forged or expired token with the codes of verify', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    expect(await call(t.app, 'POST', paths.magicLinkInfo(), { token: 'forged' })).toMatchObject({
      status: 400,
      json: { error: 'Invalid or expired magic link', code: 'invalid-token' },
    })
    await call(t.app, 'POST', paths.sendMagicLink(), { email: 'late@example.com', sessionId: v.user.sessionId })
    t.clock.advance(15 * 60 * 1000)
    expect(await call(t.app, 'POST', paths.magicLinkInfo(), { token: tokenSentTo(t.sent, 'late@example.com') })).toMatchObject({
      status: 400,
      json: { code: 'expired-token' },
    })
    t.cleanup()
  })
})

describe('a link opened in the browser that asked for it', () => {
  it('says so, and the save link keeps that session', async () => {
    const t = makeTestApp()
    const v = await makeVisitor(t.app)
    await call(t.app, 'POST', paths.sendMagicLink(), { email: 'sam@example.com', sessionId: v.user.sessionId }, { cookie: v.cookie })
    const token = tokenSentTo(t.sent, 'sam@example.com')
    expect((await call(t.app, 'POST', paths.magicLinkInfo(), { token }, { cookie: v.cookie })).json).toEqual({
      username: v.user.username,
      email: 's***@example.com',
      purpose: 'save',
      sameSession: true,
    })
    expect((await call(t.app, 'POST', paths.verifyMagicLink(), { token }, { cookie: v.cookie })).json).toEqual({
      sessionId: v.user.sessionId,
    })
    t.cleanup()
  })

  it('says so for a login link asked with a session, and not for one asked without', async () => {
    const t = makeTestApp()
    const owner = await makeVisitor(t.app)
    await call(
      t.app,
      'POST',
      paths.sendMagicLink(),
      { email: 'kim@example.com', sessionId: owner.user.sessionId },
      { cookie: owner.cookie },
    )
    await call(t.app, 'POST', paths.verifyMagicLink(), { token: tokenSentTo(t.sent, 'kim@example.com') }, { cookie: owner.cookie })
    const laptop = await makeVisitor(t.app)
    await call(t.app, 'POST', paths.loginExisting(), { email: 'kim@example.com' }, { cookie: laptop.cookie })
    await waitFor('the login mail', () => t.sent.filter((m) => m.to === 'kim@example.com').length === 2)
    const token = tokenSentTo(t.sent, 'kim@example.com')
    expect((await call(t.app, 'POST', paths.magicLinkInfo(), { token }, { cookie: laptop.cookie })).json).toEqual({
      username: owner.user.username,
      email: 'k***@example.com',
      purpose: 'login',
      sameSession: true,
    })
    expect((await call(t.app, 'POST', paths.magicLinkInfo(), { token })).json.sameSession).toBe(false)

    await call(t.app, 'POST', paths.loginExisting(), { email: 'kim@example.com' })
    await waitFor('the second login mail', () => t.sent.filter((m) => m.to === 'kim@example.com').length === 3)
    expect(
      (await call(t.app, 'POST', paths.magicLinkInfo(), { token: tokenSentTo(t.sent, 'kim@example.com') }, { cookie: laptop.cookie })).json
        .sameSession,
    ).toBe(false)
    t.cleanup()
  })
})
