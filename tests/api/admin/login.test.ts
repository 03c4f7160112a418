/**
 * Admin login: the back office trades the password once for a 12 h HttpOnly admin
 * token cookie, Logout revokes it, Basic keeps working for the CLI; attempts are limited per real client address
 * (TRUSTED_PROXY), counted as they start, and a guesser's own attempts are slowed with a growing, capped delay,
 * measured on the test clock.
 */
import { describe, expect, it } from 'bun:test'
import { call, makeTestApp, makeTestClock } from '../../support/test-app'
import { waitFor } from '../../support/process-checks'
import { paths } from '@contract/paths'

const basic = (user: string, password: string) => ({ authorization: `Basic ${btoa(`${user}:${password}`)}` })
const GOOD = { username: 'admin', password: 'test-admin-password' }
const tokenCookie = (setCookie: string | null) => /hv_admin=[^;]*/.exec(setCookie ?? '')?.[0] ?? ''

describe('POST /api/admin/login', () => {
  it('trades JSON credentials for a 12 h HttpOnly, SameSite=Strict, Path=/api token that admits admin calls', async () => {
    const t = makeTestApp()
    const r = await call(t.app, 'POST', paths.adminLogin(), GOOD)
    expect(r).toMatchObject({ status: 200, json: { expiresAt: '2026-11-23T00:00:00.000Z' } })
    const setCookie = r.headers.get('set-cookie')!
    expect(setCookie).toMatch(/^hv_admin=[A-Za-z0-9_-]{43};/)
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Strict')
    expect(setCookie).toContain('Path=/api')
    expect(setCookie).toContain('Max-Age=43200')
    expect(setCookie).not.toContain(GOOD.password)
    const cookie = tokenCookie(setCookie)
    expect((await call(t.app, 'GET', paths.adminConfig('vote-multiplier'), undefined, { cookie })).status).toBe(200)
    t.clock.advance(12 * 3600 * 1000)
    expect(
      await call(t.app, 'GET', paths.adminConfig('vote-multiplier'), undefined, { cookie, headers: { 'x-requested-with': 'HotVote' } }),
    ).toMatchObject({ status: 401, json: { error: 'Admin authentication required' } })
    t.cleanup()
  })

  it('accepts Basic credentials too, and answers 401 Invalid credentials to wrong or missing ones', async () => {
    const t = makeTestApp()
    expect((await call(t.app, 'POST', paths.adminLogin(), undefined, { headers: basic('admin', 'test-admin-password') })).status).toBe(200)
    expect(await call(t.app, 'POST', paths.adminLogin(), { ...GOOD, password: 'nope' })).toMatchObject({
      status: 401,
      json: { error: 'Invalid credentials' },
    })
    expect(await call(t.app, 'POST', paths.adminLogin())).toMatchObject({ status: 401, json: { error: 'Invalid credentials' } })
    expect((await call(t.app, 'POST', paths.adminLogin(), { username: 'admin' })).status).toBe(400)
    expect(await call(t.app, 'GET', paths.adminConfig('vote-multiplier'), undefined, { cookie: 'hv_admin=made-up-token' })).toMatchObject({
      status: 401,
    })
    t.cleanup()
  })

  it('keeps HTTP Basic working on every admin call for the CLI', async () => {
    const t = makeTestApp()
    expect(
      (await call(t.app, 'GET', paths.adminConfig('vote-multiplier'), undefined, { headers: basic('admin', 'test-admin-password') }))
        .status,
    ).toBe(200)
    t.cleanup()
  })
})

describe('POST /api/admin/logout', () => {
  it('revokes the token on the server and clears the cookie', async () => {
    const t = makeTestApp()
    const cookie = tokenCookie((await call(t.app, 'POST', paths.adminLogin(), GOOD)).headers.get('set-cookie'))
    const out = await call(t.app, 'POST', paths.adminLogout(), undefined, { cookie })
    expect(out.status).toBe(204)
    expect(out.headers.get('set-cookie')).toMatch(/^hv_admin=;.*Max-Age=0/)
    expect((await call(t.app, 'GET', paths.adminConfig('vote-multiplier'), undefined, { cookie })).status).toBe(401)
    t.cleanup()
  })
})

/** A test clock whose sleep(ms) waits until release(), which advances the clock by ms and wakes every sleeper. */
function makeGatedClock() {
  const clock = makeTestClock()
  let sleepers: (() => void)[] = []
  return {
    now: clock.now,
    sleep: (ms: number) => new Promise<void>((wake) => sleepers.push(() => (clock.advance(ms), wake()))),
    /** How many sleeps are waiting for release(). */
    get sleeping() {
      return sleepers.length
    },
    release() {
      const woken = sleepers
      sleepers = []
      for (const wake of woken) wake()
    },
  }
}

/** The app's admin checks counted: each check reads the admin password once. */
function countChecks(config: { adminPassword?: string }) {
  const counter = { checks: 0 }
  const password = config.adminPassword
  Object.defineProperty(config, 'adminPassword', { get: () => (counter.checks++, password) })
  return counter
}

describe('failed admin logins', () => {
  const routes = [
    [
      'the JSON login',
      (t: ReturnType<typeof makeTestApp>, password: string) => call(t.app, 'POST', paths.adminLogin(), { username: 'admin', password }),
    ],
    [
      'HTTP Basic on an admin call',
      (t: ReturnType<typeof makeTestApp>, password: string) =>
        call(t.app, 'GET', paths.adminConfig('vote-multiplier'), undefined, { headers: basic('admin', password) }),
    ],
  ] as const
  for (const [route, attempt] of routes) {
    it(`count parallel guesses from one address as they start (${route}): at most 10 are checked, and the right password sent last is refused`, async () => {
      const clock = makeGatedClock()
      const t = makeTestApp({}, { clock })
      const counter = countChecks(t.deps.config)
      const guesses = Array.from({ length: 60 }, (_, i) => attempt(t, i === 59 ? GOOD.password : `guess${i}`))
      let settled = 0
      for (const g of guesses) void g.then(() => settled++)
      // Each release lets the guess waiting on its slowdown go on; the next one in line then waits in turn.
      await waitFor('every guess answered', () => (clock.release(), settled === guesses.length))
      const answers = await Promise.all(guesses)
      expect(counter.checks).toBeLessThanOrEqual(10)
      expect(answers[59]).toMatchObject({ status: 429, json: { error: 'Too many failed admin logins. Try again in 10 minutes.' } })
      expect(answers.filter((a) => a.status === 200)).toEqual([])
      t.cleanup()
    })
  }

  it('answer the real admin from another address at once while a guesser waits on its slowdown', async () => {
    const clock = makeGatedClock()
    const t = makeTestApp({ TRUSTED_PROXY: '127.0.0.1' }, { clock })
    const server = t.app.listen({ port: 0, hostname: '127.0.0.1' })
    const url = server.server!.url
    const login = (address: string, password: string) =>
      fetch(`${url}api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ username: 'admin', password }),
      })
    const basicCall = (address: string, password: string) =>
      fetch(`${url}api/admin/vote-multiplier-config`, { headers: { 'x-forwarded-for': address, ...basic('admin', password) } })
    const guesses = Array.from({ length: 20 }, (_, i) => (i % 2 ? basicCall : login)('203.0.113.5', `guess${i}`))
    await waitFor('a guess waiting on its slowdown', () => clock.sleeping > 0)
    const sleeping = clock.sleeping
    const started = clock.now().getTime()

    let status: number | undefined
    void login('198.51.100.7', GOOD.password).then((r) => (status = r.status))
    await waitFor('the admin answered, or waiting on a slowdown', () => status !== undefined || clock.sleeping > sleeping)
    expect(status).toBe(200)
    expect(clock.now().getTime()).toBe(started)
    expect((await basicCall('198.51.100.7', GOOD.password)).status).toBe(200)

    let settled = 0
    for (const g of guesses) void g.then(() => settled++)
    await waitFor('every guess answered', () => (clock.release(), settled === guesses.length))
    expect((await Promise.all(guesses)).map((r) => r.status).filter((s) => s === 200)).toEqual([])
    await t.app.stop(true)
    t.cleanup()
  })

  it("slow down a guesser's later attempts: none for three failures, then 1 s doubling to at most 10 s", async () => {
    const t = makeTestApp()
    const waits: number[] = []
    for (let i = 0; i < 9; i++) {
      const before = t.clock.now().getTime()
      const r = await call(t.app, 'POST', paths.adminLogin(), { username: 'admin', password: `guess${i}` })
      expect(r.status).toBe(401)
      waits.push(t.clock.now().getTime() - before)
    }
    expect(waits).toEqual([0, 0, 0, 1000, 2000, 4000, 8000, 10000, 10000])
    t.cleanup()
  })

  it('never lock out or slow the real admin when others fail from many addresses behind a trusted proxy', async () => {
    const t = makeTestApp({ TRUSTED_PROXY: '127.0.0.1' })
    const server = t.app.listen({ port: 0, hostname: '127.0.0.1' })
    const login = (address: string, password: string) =>
      fetch(`${server.server!.url}api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ username: 'admin', password }),
      })
    for (let i = 0; i < 40; i++) expect((await login(`203.0.113.${i % 8}`, `guess${i}`)).status).toBe(401)
    const before = t.clock.now().getTime()
    expect((await login('198.51.100.7', GOOD.password)).status).toBe(200)
    expect(t.clock.now().getTime() - before).toBe(0)
    await t.app.stop(true)
    t.cleanup()
  })

  it('lock out only the failing client address named by a trusted proxy, not every visitor behind it', async () => {
    const t = makeTestApp({ TRUSTED_PROXY: '1' })
    const server = t.app.listen({ port: 0, hostname: '127.0.0.1' })
    const get = (address: string, auth: Record<string, string>) =>
      fetch(`${server.server!.url}api/admin/vote-multiplier-config`, { headers: { 'x-forwarded-for': address, ...auth } })
    for (let i = 0; i < 9; i++) expect((await get('203.0.113.9', basic(`user${i}`, 'x'))).status).toBe(401)
    expect((await get('203.0.113.9', basic('user9', 'x'))).status).toBe(429)
    expect((await get('203.0.113.9', basic('admin', 'test-admin-password'))).status).toBe(429)
    expect((await get('198.51.100.1', basic('admin', 'test-admin-password'))).status).toBe(200)
    await t.app.stop(true)
    t.cleanup()
  })

  it('ignore X-Forwarded-For without TRUSTED_PROXY: the socket address is the client', async () => {
    const t = makeTestApp()
    const server = t.app.listen({ port: 0, hostname: '127.0.0.1' })
    const get = (address: string, auth: Record<string, string>) =>
      fetch(`${server.server!.url}api/admin/vote-multiplier-config`, { headers: { 'x-forwarded-for': address, ...auth } })
    for (let i = 0; i < 10; i++) await get(`203.0.113.${i}`, basic(`user${i}`, 'x'))
    expect((await get('198.51.100.1', basic('admin', 'test-admin-password'))).status).toBe(429)
    await t.app.stop(true)
    t.cleanup()
  })
})
