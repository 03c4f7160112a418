/**
 * Per-visitor limits (docs/operations.md > Limits): upload attempts per visitor and per client address
 * per hour and new visitors per client address per hour answer 429 JSON with Retry-After, the storage quota 413 JSON;
 * parallel bursts cannot pass a limit; per-address limits key an IPv6 client by its /64 and believe X-Forwarded-For
 * only from a trusted proxy. Each test sets small limits; makeTestApp's defaults are generous.
 */
import { describe, expect, it } from 'bun:test'
import { call, makeTestApp, makeVisitor, newSessionId } from '../../support/test-app'
import { makeMedia } from '../../support/builders'
import { paths } from '@contract/paths'

const HOUR_MS = 3600_000
const TOO_MANY_UPLOADS = { error: 'Too many uploads. Please try again later.' }
const TOO_MANY_SESSIONS = { error: 'Too many new visitors from this address. Please try again later.' }
const OVER_QUOTA = { error: 'This upload would exceed your storage limit of 1 MB. Delete some of your uploads to make room.' }

type Visitor = Awaited<ReturnType<typeof makeVisitor>>
type App = ReturnType<typeof makeTestApp>['app']
/** An upload attempt without a file: counted like any other, answered 400 when admitted. */
const emptyUpload = (app: App, v: Visitor) => {
  const form = new FormData()
  form.append('userId', String(v.user.id))
  return call(app, 'POST', paths.mediaUpload(), undefined, { cookie: v.cookie, raw: form })
}

describe('POST /api/media/upload limits', () => {
  it('answers 429 JSON with Retry-After past UPLOADS_PER_VISITOR_PER_HOUR attempts of one visitor, and admits again after the hour', async () => {
    const t = makeTestApp({ UPLOADS_PER_VISITOR_PER_HOUR: '2' })
    const [a, b] = [await makeVisitor(t.app), await makeVisitor(t.app)]
    expect((await makeMedia(t.app, a, 'red-marigold.webp')).status).toBe(201)
    expect((await emptyUpload(t.app, a)).status).toBe(400)
    t.clock.advance(60_000)
    const refused = await makeMedia(t.app, a, 'yellow-daisy.webp')
    expect(refused).toMatchObject({ status: 429, json: TOO_MANY_UPLOADS })
    expect(refused.headers.get('retry-after')).toBe(String(HOUR_MS / 1000 - 60))
    expect((await makeMedia(t.app, b, 'yellow-daisy.webp')).status).toBe(201)
    t.clock.advance(HOUR_MS - 60_000)
    expect((await makeMedia(t.app, a, 'storm-over-highway.jpg')).status).toBe(201)
    expect(((await t.sql.get('select count(*) as n from media')) as { n: number }).n).toBe(3)
    t.cleanup()
  })

  it('answers 429 past UPLOADS_PER_ADDRESS_PER_HOUR attempts from one address, whichever visitors make them', async () => {
    const t = makeTestApp({ UPLOADS_PER_ADDRESS_PER_HOUR: '3' })
    const visitors = [await makeVisitor(t.app), await makeVisitor(t.app), await makeVisitor(t.app), await makeVisitor(t.app)]
    for (const v of visitors.slice(0, 3)) expect((await emptyUpload(t.app, v)).status).toBe(400)
    const refused = await makeMedia(t.app, visitors[3], 'red-marigold.webp')
    expect(refused).toMatchObject({ status: 429, json: TOO_MANY_UPLOADS })
    expect(Number(refused.headers.get('retry-after'))).toBe(HOUR_MS / 1000)
    t.cleanup()
  })

  it('lets no more than the limit through from a burst of parallel uploads', async () => {
    const t = makeTestApp({ UPLOADS_PER_VISITOR_PER_HOUR: '3' })
    const a = await makeVisitor(t.app)
    const answers = await Promise.all(Array.from({ length: 10 }, () => emptyUpload(t.app, a)))
    expect(answers.filter((r) => r.status === 400)).toHaveLength(3)
    expect(answers.filter((r) => r.status === 429)).toHaveLength(7)
    t.cleanup()
  })

  it('does not count a replay answered from its Idempotency-Key', async () => {
    const t = makeTestApp({ UPLOADS_PER_VISITOR_PER_HOUR: '1' })
    const a = await makeVisitor(t.app)
    const first = await makeMedia(t.app, a, 'red-marigold.webp', { idempotencyKey: 'k1' })
    expect(first.status).toBe(201)
    expect(await makeMedia(t.app, a, 'red-marigold.webp', { idempotencyKey: 'k1' })).toMatchObject({ status: 201, json: first.json })
    t.cleanup()
  })

  it('answers 413 JSON once the visitor would pass UPLOAD_QUOTA_MB, and accepts again after a delete', async () => {
    const t = makeTestApp({ UPLOAD_QUOTA_MB: '1' })
    const a = await makeVisitor(t.app)
    const first = await makeMedia(t.app, a, 'colorful-cups.png')
    expect(first.status).toBe(201)
    expect(await makeMedia(t.app, a, 'water-droplet-splash.png')).toMatchObject({ status: 413, json: OVER_QUOTA })
    expect((await makeMedia(t.app, await makeVisitor(t.app), 'water-droplet-splash.png')).status).toBe(201)
    expect((await call(t.app, 'DELETE', paths.mediaDelete(first.json.media.id, a.user.id), undefined, { cookie: a.cookie })).status).toBe(
      204,
    )
    expect((await makeMedia(t.app, a, 'forest-stream-cascade.jpg')).status).toBe(201)
    t.cleanup()
  })

  it('counts uploads in progress against the quota, so parallel uploads cannot pass it together', async () => {
    const t = makeTestApp({ UPLOAD_QUOTA_MB: '1' })
    const a = await makeVisitor(t.app)
    const answers = await Promise.all([makeMedia(t.app, a, 'colorful-cups.png'), makeMedia(t.app, a, 'water-droplet-splash.png')])
    // Each upload holds its bytes before it sums what the visitor holds: of two racing uploads at most one fits, and
    // when both sum after both holds (as PostgreSQL's real concurrency allows) both are refused.
    const stored = answers.filter((r) => r.status === 201).length
    expect(stored).toBeLessThanOrEqual(1)
    expect(answers.filter((r) => r.status === 413).length).toBe(2 - stored)
    expect(((await t.sql.get('select count(*) as n from media')) as { n: number }).n).toBe(stored)
    t.cleanup()
  })
})

describe('POST /api/session limits', () => {
  it('answers 429 JSON with Retry-After past SESSIONS_PER_ADDRESS_PER_HOUR new visitors, still resumes known ones, and admits again after the hour', async () => {
    const t = makeTestApp({ SESSIONS_PER_ADDRESS_PER_HOUR: '2' })
    const a = await makeVisitor(t.app)
    await makeVisitor(t.app)
    const refused = await call(t.app, 'POST', paths.session(), { sessionId: newSessionId() })
    expect(refused).toMatchObject({ status: 429, json: TOO_MANY_SESSIONS })
    expect(refused.headers.get('retry-after')).toBe(String(HOUR_MS / 1000))
    expect(refused.headers.get('set-cookie')).toBeNull()
    expect((await call(t.app, 'POST', paths.session(), { sessionId: a.user.sessionId })).status).toBe(200)
    expect(((await t.sql.get('select count(*) as n from users')) as { n: number }).n).toBe(2)
    t.clock.advance(HOUR_MS)
    expect((await call(t.app, 'POST', paths.session(), { sessionId: newSessionId() })).status).toBe(200)
    t.cleanup()
  })

  it('lets no more than the limit through from a burst of parallel new sessions', async () => {
    const t = makeTestApp({ SESSIONS_PER_ADDRESS_PER_HOUR: '3' })
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(t.app, 'POST', paths.session(), { sessionId: newSessionId() })))
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3)
    expect(answers.filter((r) => r.status === 429)).toHaveLength(7)
    t.cleanup()
  })
})

describe('client addresses of the limits', () => {
  /** A real server on loopback with env, and newSession(xff) making a visitor with that X-Forwarded-For. */
  const listening = (env: Record<string, string>) => {
    const t = makeTestApp(env)
    const url = t.app.listen({ port: 0, hostname: '127.0.0.1' }).server!.url
    const newSession = async (xff: string) =>
      (
        await fetch(`${url}api/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': xff },
          body: JSON.stringify({ sessionId: newSessionId() }),
        })
      ).status
    return { newSession, stop: async () => (await t.app.stop(true), t.cleanup()) }
  }

  it('key an IPv6 client by its /64 and an IPv4-mapped address as its IPv4', async () => {
    const s = listening({ TRUSTED_PROXY: '127.0.0.1', SESSIONS_PER_ADDRESS_PER_HOUR: '2' })
    expect(await s.newSession('2001:db8:1:2::a')).toBe(200)
    expect(await s.newSession('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(200)
    expect(await s.newSession('2001:0db8:0001:0002::b')).toBe(429)
    expect(await s.newSession('2001:db8:1:3::a')).toBe(200)
    expect(await s.newSession('203.0.113.5')).toBe(200)
    expect(await s.newSession('::ffff:203.0.113.5')).toBe(200)
    expect(await s.newSession('203.0.113.5')).toBe(429)
    expect(await s.newSession('203.0.113.6')).toBe(200)
    await s.stop()
  })

  it('ignore a spoofed X-Forwarded-For from a peer that is not a listed proxy', async () => {
    const s = listening({ TRUSTED_PROXY: '192.0.2.250', SESSIONS_PER_ADDRESS_PER_HOUR: '2' })
    expect(await s.newSession('203.0.113.1')).toBe(200)
    expect(await s.newSession('203.0.113.2')).toBe(200)
    expect(await s.newSession('203.0.113.3')).toBe(429)
    await s.stop()
  })

  it('believe X-Forwarded-For under a hop count from a loopback proxy', async () => {
    const s = listening({ TRUSTED_PROXY: '1', SESSIONS_PER_ADDRESS_PER_HOUR: '1' })
    expect(await s.newSession('203.0.113.1')).toBe(200)
    expect(await s.newSession('203.0.113.2')).toBe(200)
    expect(await s.newSession('203.0.113.2')).toBe(429)
    await s.stop()
  })
})
