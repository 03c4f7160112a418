import { afterEach, describe, expect, it } from 'bun:test'
import { createRateLimiter, hitAllOrThrow } from './rate-limit'
import { PRUNE_INTERVAL_MS } from './prune'
import { HttpError } from './errors'
import { makeTestDeps } from '../../tests/support/test-app'

const opened: ReturnType<typeof makeTestDeps>[] = []
afterEach(() => opened.splice(0).forEach((t) => t.cleanup()))
const testDeps = () => {
  const t = makeTestDeps()
  opened.push(t)
  return t
}

describe('createRateLimiter', () => {
  it('refuses past limit within the window and admits again when the window has moved on', async () => {
    const { deps, clock } = testDeps()
    const limiter = createRateLimiter(deps, 'test', { limit: 2, windowMs: 1000 })
    expect([await limiter.hit('a'), await limiter.hit('a'), await limiter.hit('a'), await limiter.hit('b')]).toEqual([
      true,
      true,
      false,
      true,
    ])
    clock.advance(1000)
    expect(await limiter.hit('a')).toBe(true)
  })

  it('keeps a key refused for blockMs once it reaches the limit', async () => {
    const { deps, clock } = testDeps()
    const limiter = createRateLimiter(deps, 'test', { limit: 2, windowMs: 1000, blockMs: 5000 })
    await limiter.hit('a')
    await limiter.hit('a')
    clock.advance(4999)
    expect(await limiter.limited('a')).toBe(true)
    clock.advance(1)
    expect(await limiter.limited('a')).toBe(false)
  })

  it('counts each limit name apart and lets no parallel burst past the limit', async () => {
    const { deps } = testDeps()
    const limiter = createRateLimiter(deps, 'burst', { limit: 5, windowMs: 1000 })
    const other = createRateLimiter(deps, 'other', { limit: 5, windowMs: 1000 })
    const passed = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('a')))
    expect(passed.filter(Boolean)).toHaveLength(5)
    expect(await other.count('a')).toBe(0)
  })

  it('deletes expired counters in batches as attempts come in', async () => {
    const { deps, clock, sql } = testDeps()
    const limiter = createRateLimiter(deps, 'prune', { limit: 5, windowMs: 1000 })
    for (let i = 0; i < 20; i++) await limiter.hit(`10.0.0.${i}`)
    clock.advance(PRUNE_INTERVAL_MS)
    await limiter.hit('fresh')
    expect(((await sql.all('select key from rate_limits')) as { key: string }[]).map((row) => row.key)).toEqual(['fresh'])
  })
})

describe('RateLimiter.retryAfterMs', () => {
  it('answers 0 while a key passes, then the time until its window or its block ends', async () => {
    const { deps, clock } = testDeps()
    const limiter = createRateLimiter(deps, 'test', { limit: 2, windowMs: 1000 })
    await limiter.hit('a')
    expect(await limiter.retryAfterMs('a')).toBe(0)
    clock.advance(300)
    await limiter.hit('a')
    expect(await limiter.retryAfterMs('a')).toBe(700)
    const blocking = createRateLimiter(deps, 'blocking', { limit: 1, windowMs: 1000, blockMs: 5000 })
    await blocking.hit('a')
    expect(await blocking.retryAfterMs('a')).toBe(5000)
  })
})

describe('hitAllOrThrow', () => {
  it('counts every key when all pass, and none with a 429 and Retry-After in whole seconds when one is limited', async () => {
    const { deps } = testDeps()
    const perVisitor = createRateLimiter(deps, 'visitor', { limit: 1, windowMs: 60_500 })
    const perAddress = createRateLimiter(deps, 'address', { limit: 5, windowMs: 60_000 })
    await hitAllOrThrow('Slow down', [perAddress, '1.2.3.4'], [perVisitor, 'v1'])
    const thrown = await hitAllOrThrow('Slow down', [perAddress, '1.2.3.4'], [perVisitor, 'v1']).catch((e) => e)
    expect(thrown).toBeInstanceOf(HttpError)
    expect(thrown).toMatchObject({ status: 429, message: 'Slow down', headers: { 'Retry-After': '61' } })
    expect(await perAddress.count('1.2.3.4')).toBe(1)
  })
})
