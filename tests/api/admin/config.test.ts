import { describe, expect, it } from 'bun:test'
import { call, makeTestApp } from '../../support/test-app'
import { paths } from '@contract/paths'

const basic = (user: string, password: string) => ({ authorization: `Basic ${btoa(`${user}:${password}`)}` })
const ADMIN = basic('admin', 'test-admin-password')

describe('admin authentication', () => {
  it('answers 401 with a Basic challenge without or with wrong credentials', async () => {
    const t = makeTestApp()
    const none = await call(t.app, 'GET', paths.adminConfig('vote-multiplier'))
    expect(none).toMatchObject({ status: 401, json: { error: 'Admin authentication required' } })
    expect(none.headers.get('www-authenticate')).toBe('Basic realm="admin"')
    const fromApp = await call(t.app, 'GET', paths.adminConfig('vote-multiplier'), undefined, {
      headers: { 'x-requested-with': 'HotVote' },
    })
    expect(fromApp.status).toBe(401)
    expect(fromApp.headers.get('www-authenticate')).toBeNull()
    expect((await call(t.app, 'GET', paths.adminConfig('vote-multiplier'), undefined, { headers: basic('admin', 'wrong') })).status).toBe(
      401,
    )
    expect(
      (await call(t.app, 'GET', paths.adminConfig('vote-multiplier'), undefined, { headers: basic('root', 'test-admin-password') })).status,
    ).toBe(401)
    expect((await call(t.app, 'GET', paths.adminConfig('vote-multiplier'), undefined, { headers: ADMIN })).status).toBe(200)
    t.cleanup()
  })

  it('locks an address out with 429 after 10 failures, even for the right password, for 10 minutes', async () => {
    const t = makeTestApp()
    for (let i = 0; i < 9; i++)
      expect(
        (await call(t.app, 'GET', paths.adminConfig('email-capture'), undefined, { headers: basic('admin', `guess${i}`) })).status,
      ).toBe(401)
    expect((await call(t.app, 'GET', paths.adminConfig('email-capture'), undefined, { headers: basic('admin', 'guess9') })).status).toBe(
      429,
    )
    expect(await call(t.app, 'GET', paths.adminConfig('email-capture'), undefined, { headers: ADMIN })).toMatchObject({
      status: 429,
      json: { error: 'Too many failed admin logins. Try again in 10 minutes.' },
    })
    t.clock.advance(10 * 60 * 1000 + 1)
    expect((await call(t.app, 'GET', paths.adminConfig('email-capture'), undefined, { headers: ADMIN })).status).toBe(200)
    t.cleanup()
  })

  it('leaves public calls open', async () => {
    const t = makeTestApp()
    expect((await call(t.app, 'GET', paths.voteMultiplierConfig())).status).toBe(200)
    t.cleanup()
  })
})

describe('admin configuration', () => {
  it('saves the vote multiplier, shows it publicly and audits the change', async () => {
    const t = makeTestApp()
    expect((await call(t.app, 'GET', paths.adminConfig('vote-multiplier'), undefined, { headers: ADMIN })).json).toEqual({
      isEnabled: false,
      multiplier: 1,
      updatedAt: null,
    })
    const saved = await call(t.app, 'POST', paths.adminConfig('vote-multiplier'), { isEnabled: true, multiplier: 2.5 }, { headers: ADMIN })
    expect(saved.json).toEqual({ isEnabled: true, multiplier: 2.5, updatedAt: '2026-11-22T12:00:00.000Z' })
    expect((await call(t.app, 'GET', paths.voteMultiplierConfig())).json).toEqual({ isEnabled: true, multiplier: 2.5 })
    const audit = (await t.sql.get("select context from audit_logs where event = 'VOTE_MULTIPLIER_UPDATED'")) as { context: string }
    expect(JSON.parse(audit.context)).toEqual({
      by: 'admin',
      before: { isEnabled: false, multiplier: 1 },
      after: { isEnabled: true, multiplier: 2.5 },
    })
    for (const multiplier of [0, -1]) {
      expect(
        await call(t.app, 'POST', paths.adminConfig('vote-multiplier'), { isEnabled: true, multiplier }, { headers: ADMIN }),
      ).toMatchObject({ status: 400, json: { error: 'Vote multiplier must be greater than 0' } })
    }
    t.cleanup()
  })

  it('saves the email capture threshold and refuses one under 1', async () => {
    const t = makeTestApp()
    expect(
      (await call(t.app, 'POST', paths.adminConfig('email-capture'), { isEnabled: true, voteThreshold: 3 }, { headers: ADMIN })).json,
    ).toEqual({ isEnabled: true, voteThreshold: 3 })
    expect((await call(t.app, 'GET', paths.emailCaptureConfig())).json).toEqual({ isEnabled: true, voteThreshold: 3 })
    expect(
      await call(t.app, 'POST', paths.adminConfig('email-capture'), { isEnabled: true, voteThreshold: 0 }, { headers: ADMIN }),
    ).toMatchObject({ status: 400, json: { error: 'Vote threshold must be at least 1' } })
    t.cleanup()
  })

  it('keeps a history of redirect saves, the newest being current, and validates times and URLs', async () => {
    const t = makeTestApp()
    expect(
      await call(
        t.app,
        'POST',
        paths.adminConfig('idle-redirect'),
        { idleRedirectTime: 20, idleRedirectUrl: 'https://a.example' },
        { headers: ADMIN },
      ),
    ).toMatchObject({ status: 400, json: { error: 'Idle redirect time must be at least 30 seconds' } })
    expect(
      await call(
        t.app,
        'POST',
        paths.adminConfig('idle-redirect'),
        { idleRedirectTime: 60, idleRedirectUrl: 'not a url' },
        { headers: ADMIN },
      ),
    ).toMatchObject({ status: 400, json: { error: 'Please enter a valid URL including http:// or https://' } })
    await call(
      t.app,
      'POST',
      paths.adminConfig('idle-redirect'),
      { idleRedirectTime: 60, idleRedirectUrl: 'https://a.example' },
      { headers: ADMIN },
    )
    t.clock.advance(1000)
    const second = await call(
      t.app,
      'POST',
      paths.adminConfig('idle-redirect'),
      { idleRedirectTime: 90, idleRedirectUrl: 'https://b.example' },
      { headers: ADMIN },
    )
    expect(second.json).toMatchObject({ idleRedirectTime: 90, idleRedirectUrl: 'https://b.example', isActive: true })
    expect(
      (await call(t.app, 'GET', paths.adminRedirectHistory('idle-redirect'), undefined, { headers: ADMIN })).json.map(
        (h: { idleRedirectUrl: string }) => h.idleRedirectUrl,
      ),
    ).toEqual(['https://b.example', 'https://a.example'])
    expect((await call(t.app, 'GET', paths.idleRedirectConfig())).json).toMatchObject({
      enabled: true,
      idleRedirectTime: 90,
      idleRedirectUrl: 'https://b.example',
    })
    await call(t.app, 'POST', paths.adminConfig('back-button'), { backButtonUrl: 'https://back.example' }, { headers: ADMIN })
    expect((await call(t.app, 'GET', paths.idleRedirectConfig())).json.backButtonUrl).toBe('https://back.example')
    expect((await call(t.app, 'POST', paths.adminConfig('back-button'), { backButtonUrl: '' }, { headers: ADMIN })).json).toMatchObject({
      backButtonUrl: '',
      isActive: false,
    })
    expect((await call(t.app, 'GET', paths.idleRedirectConfig())).json.backButtonUrl).toBe('')
    expect((await call(t.app, 'GET', paths.adminRedirectHistory('back-button'), undefined, { headers: ADMIN })).json).toHaveLength(2)
    t.cleanup()
  })

  it('answers 404 for ads before the first save, then saves zone1 and the skip button with their rules', async () => {
    const t = makeTestApp()
    expect((await call(t.app, 'GET', paths.adminConfig('zone1'), undefined, { headers: ADMIN })).status).toBe(404)
    expect((await call(t.app, 'GET', paths.adminConfig('skip-button'), undefined, { headers: ADMIN })).status).toBe(404)
    expect(
      await call(t.app, 'POST', paths.adminConfig('zone1'), { zoneName: '  ', adCode: '<b>x</b>', isActive: true }, { headers: ADMIN }),
    ).toMatchObject({ status: 400, json: { error: 'Zone name cannot be empty' } })
    expect(
      (
        await call(
          t.app,
          'POST',
          paths.adminConfig('zone1'),
          { zoneName: 'Ad Zone 1', adCode: '<b>x</b>', isActive: true },
          { headers: ADMIN },
        )
      ).json,
    ).toMatchObject({ zoneName: 'Ad Zone 1', adCode: '<b>x</b>', isActive: true })
    expect((await call(t.app, 'GET', '/api/ad-config/zone1')).json).toEqual({ adCode: '<b>x</b>', isActive: true })
    const skip = { zoneName: 'Skip Button', buttonText: 'Next!', buttonUrl: '', isActive: true }
    expect(await call(t.app, 'POST', paths.adminConfig('skip-button'), { ...skip, buttonText: '' }, { headers: ADMIN })).toMatchObject({
      status: 400,
      json: { error: 'Button text cannot be empty' },
    })
    expect(await call(t.app, 'POST', paths.adminConfig('skip-button'), { ...skip, buttonUrl: 'nope' }, { headers: ADMIN })).toMatchObject({
      status: 400,
      json: { error: 'Please enter a valid URL (e.g., https://example.com)' },
    })
    expect((await call(t.app, 'POST', paths.adminConfig('skip-button'), skip, { headers: ADMIN })).status).toBe(200)
    expect((await call(t.app, 'GET', paths.skipButtonConfig())).json).toEqual({ buttonUrl: '', buttonText: 'Next!', isActive: true })
    t.cleanup()
  })
})
