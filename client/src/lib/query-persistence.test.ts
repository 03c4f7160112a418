import { describe, expect, it } from 'bun:test'
import { shouldDehydrateQuery, shouldPersistQueryKey } from './query-persistence'

describe('shouldPersistQueryKey', () => {
  it('persists the session, the public configs and the stats', () => {
    for (const key of [
      ['session'],
      ['site-settings'],
      ['/api/vote-multiplier-config'],
      ['/api/email-capture-config'],
      ['/api/idle-redirect-config'],
      ['/api/ad-config/skip-button'],
      ['/api/ad-config/zone1'],
      ['users', 'stats', { userId: 4 }],
    ]) {
      expect([key, shouldPersistQueryKey(key)]).toEqual([key, true])
    }
  })

  it('does not persist media, admin or other queries', () => {
    for (const key of [
      ['media', 'random', { userId: 1, slot: 'current' }],
      ['media', 'queue', { userId: 1 }],
      ['admin', 'vote-multiplier'],
      ['admin', 'media'],
      ['/api/admin/stats'],
      ['/api/ad-config/'],
      ['/api/ad-config/zone1/extra'],
      ['users', 'check-username', { name: 'x' }],
      ['sessions'],
      [{ session: true }],
      [],
    ]) {
      expect([key, shouldPersistQueryKey(key)]).toEqual([key, false])
    }
  })
})

describe('shouldDehydrateQuery', () => {
  it('persists a persisted key only once it holds data', () => {
    expect(shouldDehydrateQuery({ queryKey: ['session'], state: { status: 'success' } })).toBe(true)
    expect(shouldDehydrateQuery({ queryKey: ['session'], state: { status: 'pending' } })).toBe(false)
    expect(shouldDehydrateQuery({ queryKey: ['session'], state: { status: 'error' } })).toBe(false)
    expect(shouldDehydrateQuery({ queryKey: ['media', 'random'], state: { status: 'success' } })).toBe(false)
  })
})
