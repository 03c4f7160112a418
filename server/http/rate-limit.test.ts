import { describe, expect, it } from 'bun:test'
import { createExpiringMap, createRateLimiter, hitAllOrThrow } from './rate-limit'
import { HttpError } from './errors'
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
    const limiter = createRateLimiter(clock, { name: 'test_limit', limit: 2, windowMs: 1000 })
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('a'), limiter.hit('b')]).toEqual([true, true, false, true])
    clock.advance(1000)
    expect(limiter.hit('a')).toBe(true)
  })

  it('keeps a key refused for blockMs once it reaches the limit', () => {
    const clock = makeTestClock()
    const limiter = createRateLimiter(clock, { name: 'test_limit', limit: 2, windowMs: 1000, blockMs: 5000 })
    limiter.hit('a')
    limiter.hit('a')
    clock.advance(4999)
    expect(limiter.limited('a')).toBe(true)
    clock.advance(1)
    expect(limiter.limited('a')).toBe(false)
  })

  it('stays bounded under a flood of distinct keys', () => {
    const clock = makeTestClock()
    const limiter = createRateLimiter(clock, { name: 'test_limit', limit: 5, windowMs: 3600_000, maxEntries: 50 })
    for (let i = 0; i < 5000; i++) limiter.hit(`10.0.${i >> 8}.${i & 255}`)
    expect(limiter.count('10.0.19.135')).toBe(1)
    expect(limiter.count('10.0.0.0')).toBe(0)
  })
})

describe('RateLimiter.retryAfterMs', () => {
  it('answers 0 while a key passes, then the time until its oldest attempt leaves the window or its block ends', () => {
    const clock = makeTestClock()
    const limiter = createRateLimiter(clock, { name: 'test_limit', limit: 2, windowMs: 1000 })
    limiter.hit('a')
    expect(limiter.retryAfterMs('a')).toBe(0)
    clock.advance(300)
    limiter.hit('a')
    expect(limiter.retryAfterMs('a')).toBe(700)
    const blocking = createRateLimiter(clock, { name: 'test_limit', limit: 1, windowMs: 1000, blockMs: 5000 })
    blocking.hit('a')
    expect(blocking.retryAfterMs('a')).toBe(5000)
  })
})

describe('hitAllOrThrow', () => {
  it('counts every key when all pass, and none with a 429 and Retry-After in whole seconds when one is limited', () => {
    const clock = makeTestClock()
    const perVisitor = createRateLimiter(clock, { name: 'test_limit', limit: 1, windowMs: 60_500 })
    const perAddress = createRateLimiter(clock, { name: 'test_limit', limit: 5, windowMs: 60_000 })
    hitAllOrThrow('Slow down', [perAddress, '1.2.3.4'], [perVisitor, 'v1'])
    let thrown: unknown
    try {
      hitAllOrThrow('Slow down', [perAddress, '1.2.3.4'], [perVisitor, 'v1'])
    } catch (e) {
      thrown = e
    }
    expect(thrown).toBeInstanceOf(HttpError)
    expect(thrown).toMatchObject({ status: 429, message: 'Slow down', headers: { 'Retry-After': '61' } })
    expect(perAddress.count('1.2.3.4')).toBe(1)
  })
})
