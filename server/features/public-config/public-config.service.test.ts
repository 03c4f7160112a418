/** The public configuration on a real database: the defaults before any save, then what an admin saved; only active ad zones. */
import { afterAll, describe, expect, it } from 'bun:test'
import { makeTestDeps } from '../../../tests/support/test-app'
import { DEFAULT_EMAIL_CAPTURE, DEFAULT_SKIP_BUTTON, DEFAULT_VOTE_MULTIPLIER } from '../../contract/public-config'
import type { HttpError } from '../../http/errors'
import { saveAdZone, saveEmailCapture, saveVoteMultiplier } from '../../repositories/configuration.repository'
import { activeAdCode, publicAdZone, publicEmailCapture, publicSkipButton, publicVoteMultiplier } from './public-config.service'

const t = makeTestDeps()
afterAll(t.cleanup)
const now = '2026-11-22T12:00:00.000Z'

describe('the public configuration', () => {
  it('answers the defaults before any save: an inactive empty ad for a zone, and 404 for its frame', async () => {
    expect(await publicVoteMultiplier(t.deps)).toEqual(DEFAULT_VOTE_MULTIPLIER)
    expect(await publicEmailCapture(t.deps)).toEqual(DEFAULT_EMAIL_CAPTURE)
    expect(await publicSkipButton(t.deps)).toEqual(DEFAULT_SKIP_BUTTON)
    expect(await publicAdZone(t.deps, 'zone1')).toEqual({ adCode: '', isActive: false })
    expect(await activeAdCode(t.deps, 'zone1').catch((e: HttpError) => e.status)).toBe(404)
  })

  it('answers the saved values, and the ad code of a zone only while it is active', async () => {
    await saveVoteMultiplier(t.deps.db, { isEnabled: true, multiplier: 3, updatedAt: now })
    await saveEmailCapture(t.deps.db, { isEnabled: true, voteThreshold: 7, updatedAt: now })
    await saveAdZone(t.deps.db, { zoneId: 'zone1', zoneName: 'Top banner', adCode: '<b>ad</b>', isActive: true, updatedAt: now })
    expect(await publicVoteMultiplier(t.deps)).toEqual({ isEnabled: true, multiplier: 3 })
    expect(await publicEmailCapture(t.deps)).toEqual({ isEnabled: true, voteThreshold: 7 })
    expect(await activeAdCode(t.deps, 'zone1')).toBe('<b>ad</b>')
    await saveAdZone(t.deps.db, { zoneId: 'zone1', zoneName: 'Top banner', adCode: '<b>ad</b>', isActive: false, updatedAt: now })
    expect(await publicAdZone(t.deps, 'zone1')).toEqual({ adCode: '<b>ad</b>', isActive: false })
    expect(await activeAdCode(t.deps, 'zone1').catch((e: HttpError) => e.status)).toBe(404)
  })
})
