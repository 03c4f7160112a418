/**
 * The admin configuration on a real database: the vote multiplier and its audit event, redirect history rows that an
 * empty URL turns off, pages of that history, and 404 for the ad and skip button before their first save.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { makeTestDeps } from '../../../tests/support/test-app'
import { DEFAULT_IDLE_REDIRECT_TIME } from '../../contract/public-config'
import type { HttpError } from '../../http/errors'
import {
  backButtonHistory,
  changeAdZone,
  changeBackButton,
  changeIdleRedirect,
  changeSkipButton,
  changeVoteMultiplier,
  getAdZone,
  getBackButton,
  getIdleRedirect,
  getSkipButton,
  getVoteMultiplier,
  idleRedirectHistory,
} from './admin-config.service'

const t = makeTestDeps()
afterAll(t.cleanup)
const statusOf = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: HttpError) => e.status,
  )

describe('the vote multiplier', () => {
  it('starts off at 1 with no update time, then saves at the clock time and audits before and after', async () => {
    expect(await getVoteMultiplier(t.deps)).toEqual({ isEnabled: false, multiplier: 1, updatedAt: null })
    const saved = await changeVoteMultiplier(t.deps, { isEnabled: true, multiplier: 2.5 })
    expect(saved).toEqual({ isEnabled: true, multiplier: 2.5, updatedAt: t.clock.now().toISOString() })
    t.clock.advance(1000)
    await changeVoteMultiplier(t.deps, { isEnabled: false, multiplier: 4 })
    expect(await getVoteMultiplier(t.deps)).toEqual({ isEnabled: false, multiplier: 4, updatedAt: t.clock.now().toISOString() })
    const audits = await t.sql.all<{ context: string }>(
      "select context from audit_logs where event = 'VOTE_MULTIPLIER_UPDATED' order by id",
    )
    expect(audits.map((a) => JSON.parse(a.context))).toEqual([
      { by: t.deps.config.adminUsername, before: { isEnabled: false, multiplier: 1 }, after: { isEnabled: true, multiplier: 2.5 } },
      { by: t.deps.config.adminUsername, before: { isEnabled: true, multiplier: 2.5 }, after: { isEnabled: false, multiplier: 4 } },
    ])
  })
})

describe('the redirects', () => {
  it('answer inactive defaults before a save, keep every save as history, and an empty URL turns one off', async () => {
    const [idle, back] = [await getIdleRedirect(t.deps), await getBackButton(t.deps)]
    expect(idle).toMatchObject({ idleRedirectTime: DEFAULT_IDLE_REDIRECT_TIME, idleRedirectUrl: '', isActive: false })
    expect(back).toMatchObject({ backButtonUrl: '', isActive: false })
    expect(idle.createdAt).toBeNull()
    expect(back.createdAt).toBeNull()
    await changeIdleRedirect(t.deps, { idleRedirectTime: 60, idleRedirectUrl: 'https://example.com/a' })
    await changeIdleRedirect(t.deps, { idleRedirectTime: 90, idleRedirectUrl: 'https://example.com/b' })
    expect(await getIdleRedirect(t.deps)).toMatchObject({ idleRedirectTime: 90, idleRedirectUrl: 'https://example.com/b', isActive: true })
    const off = await changeIdleRedirect(t.deps, { idleRedirectTime: 120, idleRedirectUrl: '' })
    expect(off).toMatchObject({ isActive: false, idleRedirectTime: 120 })
    expect(await getIdleRedirect(t.deps)).toMatchObject({ isActive: false, idleRedirectUrl: '' })
    const page = await idleRedirectHistory(t.deps, { limit: 2, offset: 0 })
    expect(page.total).toBe(3)
    expect(page.items.map((r) => r.idleRedirectTime)).toEqual([120, 90])
    expect((await idleRedirectHistory(t.deps, { limit: 2, offset: 2 })).items.map((r) => r.idleRedirectUrl)).toEqual([
      'https://example.com/a',
    ])

    await changeBackButton(t.deps, { backButtonUrl: 'https://example.com/back' })
    expect(await getBackButton(t.deps)).toMatchObject({ backButtonUrl: 'https://example.com/back', isActive: true })
    expect(await backButtonHistory(t.deps, { limit: 10, offset: 0 })).toMatchObject({ total: 1 })
  })
})

describe('the ad zone and the skip button', () => {
  it('answer 404 before their first save, then the saved row', async () => {
    expect(await statusOf(getAdZone(t.deps))).toBe(404)
    expect(await statusOf(getSkipButton(t.deps))).toBe(404)
    await changeAdZone(t.deps, { zoneName: 'Top banner', adCode: '<div>ad</div>', isActive: true })
    await changeSkipButton(t.deps, { zoneName: 'Skip', buttonText: 'Next one', buttonUrl: 'https://example.com/skip', isActive: true })
    expect(await getAdZone(t.deps)).toMatchObject({
      zoneName: 'Top banner',
      adCode: '<div>ad</div>',
      isActive: true,
      updatedAt: t.clock.now().toISOString(),
    })
    expect(await getSkipButton(t.deps)).toMatchObject({ buttonText: 'Next one', buttonUrl: 'https://example.com/skip', isActive: true })
  })
})
