import { describe, expect, it } from 'bun:test'
import { createExpiringMap, createRateLimiter } from './rate-limit'
import { makeTestClock } from '../../tests/support/test-app'

describe('createExpiringMap', () => {
  it('never holds more than maxEntries keys, dropping the oldest first', () => {
    const clock = makeTestClock()
    const map = createExpiringMap<number>(clock, 100)
    for (let i = 0; i < 10_000; i++) map.set(`k${i}`, i, clock.now().getTime() + 60_000)
    expect(map.size).toBeLessThanOrEqual(100)
    expect(map.get('k9999')).toBe(9999)
    expect(map.get('k0')).toBeUndefined()
  })

  it('forgets an entry once it expires', () => {
    const clock = makeTestClock()
    const map = createExpiringMap<string>(clock, 10)
    map.set('a', 'x', clock.now().getTime() + 1000)
    clock.advance(1000)
    expect(map.get('a')).toBeUndefined()
    expect(map.size).toBe(0)
  })
})

describe('createRateLimiter', () => {
  it('refuses past limit within the window and admits again when the window has moved on', () => {
    const clock = makeTestClock()
    const limiter = createRateLimiter(clock, { limit: 2, windowMs: 1000 })
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('a'), limiter.hit('b')]).toEqual([true, true, false, true])
    clock.advance(1000)
    expect(limiter.hit('a')).toBe(true)
  })

  it('keeps a key refused for blockMs once it reaches the limit', () => {
    const clock = makeTestClock()
    const limiter = createRateLimiter(clock, { limit: 2, windowMs: 1000, blockMs: 5000 })
    limiter.hit('a')
    limiter.hit('a')
    clock.advance(4999)
    expect(limiter.limited('a')).toBe(true)
    clock.advance(1)
    expect(limiter.limited('a')).toBe(false)
  })

  it('stays bounded under a flood of distinct keys', () => {
    const clock = makeTestClock()
    const limiter = createRateLimiter(clock, { limit: 5, windowMs: 3600_000, maxEntries: 50 })
    for (let i = 0; i < 5000; i++) limiter.hit(`10.0.${i >> 8}.${i & 255}`)
    expect(limiter.count('10.0.19.135')).toBe(1)
    expect(limiter.count('10.0.0.0')).toBe(0)
  })
})
