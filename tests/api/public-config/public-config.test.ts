import { afterAll, describe, expect, it } from 'bun:test'
import { call, makeTestApp } from '../../support/test-app'
import { paths } from '@contract/paths'

const brands = { 'hot.example.com': { siteName: 'Hot Example', useLogo: true, logoType: 'hot' } }
const t = makeTestApp({ SITE_BRANDS: JSON.stringify(brands) })
afterAll(t.cleanup)
const now = '2026-11-22T12:00:00.000Z'

describe('public configuration before any admin save', () => {
  it('answers the defaults', async () => {
    expect((await call(t.app, 'GET', paths.voteMultiplierConfig())).json).toEqual({ isEnabled: false, multiplier: 1 })
    expect((await call(t.app, 'GET', paths.emailCaptureConfig())).json).toEqual({ isEnabled: false, voteThreshold: 5 })
    expect((await call(t.app, 'GET', paths.skipButtonConfig())).json).toEqual({
      buttonUrl: '',
      buttonText: 'Skip this photo',
      isActive: true,
    })
    expect((await call(t.app, 'GET', paths.idleRedirectConfig())).json).toEqual({
      enabled: false,
      idleRedirectTime: 300,
      idleRedirectUrl: '',
      backButtonUrl: '',
    })
    expect(await call(t.app, 'GET', '/api/ad-config/zone1')).toMatchObject({ status: 200, json: { adCode: '', isActive: false } })
  })
})

describe('public configuration after admin saves', () => {
  it('answers the saved values, the newest redirect row being current', async () => {
    await t.sql.run('insert into vote_multiplier_config (id, is_enabled, multiplier, updated_at) values (1, true, 2.5, ?)', ...[now])
    await t.sql.run('insert into email_capture_config (id, is_enabled, vote_threshold, updated_at) values (1, true, 3, ?)', ...[now])
    await t.sql.run("insert into ad_zone_configs values ('zone1', 'Ad Zone 1', '<b>ad</b>', true, ?)", ...[now])
    await t.sql.run(
      "insert into skip_button_config values (1, 'Skip Button', 'Next please', 'https://example.com/skip', true, ?)",
      ...[now],
    )
    await t.sql.run(
      "insert into idle_redirect_configs (idle_redirect_time, idle_redirect_url, is_active, created_at) values (60, 'https://old.example', true, ?), (45, 'https://new.example', true, ?)",
      ...[now, now],
    )
    await t.sql.run(
      "insert into back_button_configs (back_button_url, is_active, created_at) values ('https://back.example', true, ?)",
      ...[now],
    )
    expect((await call(t.app, 'GET', paths.voteMultiplierConfig())).json).toEqual({ isEnabled: true, multiplier: 2.5 })
    expect((await call(t.app, 'GET', paths.emailCaptureConfig())).json).toEqual({ isEnabled: true, voteThreshold: 3 })
    expect((await call(t.app, 'GET', '/api/ad-config/zone1')).json).toEqual({ adCode: '<b>ad</b>', isActive: true })
    expect((await call(t.app, 'GET', paths.skipButtonConfig())).json).toEqual({
      buttonUrl: 'https://example.com/skip',
      buttonText: 'Next please',
      isActive: true,
    })
    expect((await call(t.app, 'GET', paths.idleRedirectConfig())).json).toEqual({
      enabled: true,
      idleRedirectTime: 45,
      idleRedirectUrl: 'https://new.example',
      backButtonUrl: 'https://back.example',
    })
  })

  it('turns the idle redirect off when the newest save has an empty URL', async () => {
    await t.sql.run(
      "insert into idle_redirect_configs (idle_redirect_time, idle_redirect_url, is_active, created_at) values (300, '', true, ?)",
      ...[now],
    )
    expect((await call(t.app, 'GET', paths.idleRedirectConfig())).json).toMatchObject({ enabled: false, idleRedirectUrl: '' })
  })

  it('refuses a zone id that is not a zone name', async () => {
    expect((await call(t.app, 'GET', '/api/ad-config/..%2Fx')).status).toBe(400)
  })
})

describe('GET /api/site-settings', () => {
  it('answers the brand of the Host header, and the default for other hosts', async () => {
    const branded = await call(t.app, 'GET', paths.siteSettings(), undefined, { headers: { host: 'hot.example.com:3000' } })
    expect(branded.json).toEqual({ ...brands['hot.example.com'], analyticsId: null, mediaBaseUrl: null })
    const plain = await call(t.app, 'GET', paths.siteSettings(), undefined, { headers: { host: 'elsewhere.test' } })
    expect(plain.json).toEqual({ siteName: 'HotVote', useLogo: false, logoType: 'default', analyticsId: null, mediaBaseUrl: null })
  })

  it('names the analytics id when ANALYTICS_ID is set', async () => {
    const withTag = makeTestApp({ ANALYTICS_ID: 'G-TEST123' })
    expect((await call(withTag.app, 'GET', paths.siteSettings())).json.analyticsId).toBe('G-TEST123')
    withTag.cleanup()
  })
})
