/**
 * Two real servers (server/main.ts twice) on one PostgreSQL database and one S3 bucket (s3rver), started at the same
 * moment, behave as one site: migrations, sessions, votes, magic links, rate limits, admin tokens, Idempotency-Keys
 * and configuration are shared, and a kill -9 of one instance during a stream of votes loses no acknowledged vote.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { startS3rver, type TestS3 } from '../support/s3-server'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { paths } from '@contract/paths'
import { startServer, type TestServer } from '../support/browser'
import { describePostgres, withPostgres } from '../support/postgres'
import { cookieSetBy, newSessionId } from '../support/test-app'
import { takedownInput, uploadForm } from '../support/builders'
import journal from '../../drizzle/pg/meta/_journal.json'
import { CONFIG_LISTENER_NAME } from '@server/db/config-cache'

type Answer = { status: number; json: any; headers: Headers }
type Visitor = { user: { id: number; sessionId: string }; cookie: string }

/** Sends one request to a running server the way the site's own client does (same-origin); answers status, JSON and headers. */
async function send(
  server: TestServer,
  method: string,
  path: string,
  body?: unknown,
  opts: { cookie?: string; headers?: Record<string, string>; raw?: BodyInit } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'sec-fetch-site': 'same-origin', 'x-requested-with': 'fetch', ...opts.headers }
  if (opts.cookie) headers.cookie = opts.cookie
  let payload = opts.raw
  if (payload === undefined && body !== undefined) (headers['content-type'] = 'application/json'), (payload = JSON.stringify(body))
  const res = await fetch(`${server.url}${path}`, { method, headers, body: payload })
  const text = await res.text()
  return { status: res.status, json: text ? JSON.parse(text) : undefined, headers: res.headers }
}

/** Creates a visitor on server through POST /api/session. */
async function visitorOn(server: TestServer): Promise<Visitor> {
  const r = await send(server, 'POST', paths.session(), { sessionId: newSessionId() })
  if (r.status !== 200) throw new Error(`session: ${r.status}`)
  return { user: r.json, cookie: cookieSetBy(r.headers.get('set-cookie')) }
}

/** Uploads the fixture photo as visitor to server, with an Idempotency-Key when given (the site refuses a duplicate file). */
const upload = (server: TestServer, visitor: Visitor, fixture: string, idempotencyKey?: string) =>
  send(server, 'POST', paths.mediaUpload(), undefined, {
    cookie: visitor.cookie,
    raw: uploadForm(visitor.user.id, fixture),
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
  })

/** The magic-link token of the newest mail to `to` in server's outbox (quoted-printable undone), once it is there. */
async function tokenMailedBy(server: TestServer, to: string): Promise<string> {
  const dir = join(server.dataDir, 'outbox')
  for (let i = 0; i < 100; i++) {
    const mails = (() => {
      try {
        return readdirSync(dir).sort()
      } catch {
        return []
      }
    })().map((f) =>
      readFileSync(join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    const mail = mails.filter((m) => m.includes(`To: ${to}`)).at(-1)
    if (mail) return mail.match(/\/auth\/verify\?token=([A-Za-z0-9_-]+)/)![1]
    await Bun.sleep(20)
  }
  throw new Error(`no mail to ${to} in ${dir}`)
}

describePostgres('two servers on one PostgreSQL database and one S3 bucket', (pg) => {
  let s3: TestS3
  let a: TestServer
  let b: TestServer
  const query = <T>(text: string, ...params: unknown[]) => withPostgres(pg.url, (sql) => sql.unsafe(text, params) as Promise<T[]>)

  beforeAll(async () => {
    s3 = await startS3rver('hotvote-two')
    const env = {
      DATABASE_URL: pg.url,
      ...s3.env,
      DMCA_RATE_LIMIT_PER_HOUR: '2',
    }
    ;[a, b] = await Promise.all([startServer(env), startServer(env)])
  })
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await s3?.stop()
  })

  it('apply each migration once', async () => {
    const rows = await query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')
    expect(rows[0].n).toBe(journal.entries.length)
  })

  it('resume on one a session made on the other', async () => {
    const visitor = await visitorOn(a)
    const r = await send(b, 'GET', paths.session(), undefined, { cookie: visitor.cookie })
    expect(r.status).toBe(200)
    expect(r.json.id).toBe(visitor.user.id)
  })

  it('store one vote for the same vote sent to both (201, then 200)', async () => {
    const owner = await visitorOn(a)
    const item = await upload(a, owner, 'tabby-cat.png')
    expect(item.status).toBe(201)
    const voter = await visitorOn(b)
    const vote = { userId: voter.user.id, mediaId: item.json.media.id, isHot: true }
    const firstVote = await send(a, 'POST', paths.votes(), vote, { cookie: voter.cookie })
    expect(firstVote).toMatchObject({ status: 201 })
    expect((await send(b, 'POST', paths.votes(), vote, { cookie: voter.cookie })).status).toBe(200)
    expect(
      (
        await query<{ n: number }>(
          'select count(*)::int as n from votes where user_id = $1 and media_id = $2',
          voter.user.id,
          item.json.media.id,
        )
      )[0].n,
    ).toBe(1)
  })

  it('verify on one a magic link mailed by the other, once', async () => {
    const visitor = await visitorOn(a)
    expect(
      (
        await send(
          a,
          'POST',
          paths.sendMagicLink(),
          { email: 'twice@example.com', sessionId: visitor.user.sessionId },
          { cookie: visitor.cookie },
        )
      ).status,
    ).toBe(200)
    const token = await tokenMailedBy(a, 'twice@example.com')
    expect((await send(b, 'POST', paths.verifyMagicLink(), { token }, { cookie: visitor.cookie })).status).toBe(200)
    expect(await send(a, 'POST', paths.verifyMagicLink(), { token })).toMatchObject({ status: 400, json: { code: 'invalid-token' } })
  })

  it('count a rate limit across both', async () => {
    expect((await send(a, 'POST', paths.dmcaTakedown(), takedownInput())).status).toBe(201)
    expect((await send(a, 'POST', paths.dmcaTakedown(), takedownInput())).status).toBe(201)
    expect((await send(b, 'POST', paths.dmcaTakedown(), takedownInput())).status).toBe(429)
  })

  it('end on the other an admin token logged out on one', async () => {
    const login = await send(a, 'POST', paths.adminLogin(), { username: 'admin', password: a.adminPassword })
    expect(login.status).toBe(200)
    const cookie = cookieSetBy(login.headers.get('set-cookie'))
    expect((await send(b, 'GET', paths.adminConfig('vote-multiplier'), undefined, { cookie })).status).toBe(200)
    expect((await send(a, 'POST', paths.adminLogout(), undefined, { cookie })).status).toBe(204)
    expect((await send(b, 'GET', paths.adminConfig('vote-multiplier'), undefined, { cookie })).status).toBe(401)
  })

  it('store one item for an upload replayed with one Idempotency-Key to both', async () => {
    const visitor = await visitorOn(a)
    const first = await upload(a, visitor, 'colorful-cups.png', 'replayed-upload')
    const replay = await upload(b, visitor, 'colorful-cups.png', 'replayed-upload')
    expect([first.status, replay.status]).toEqual([201, 201])
    expect(replay.json).toEqual(first.json)
    expect((await query<{ n: number }>('select count(*)::int as n from media where user_id = $1', visitor.user.id))[0].n).toBe(1)
  })

  it('answer on one a configuration saved on the other at once', async () => {
    expect(
      (
        await send(
          a,
          'POST',
          paths.adminConfig('vote-multiplier'),
          { isEnabled: true, multiplier: 3 },
          { headers: { authorization: a.adminAuth } },
        )
      ).status,
    ).toBe(200)
    expect((await send(b, 'GET', paths.voteMultiplierConfig())).json).toEqual({ isEnabled: true, multiplier: 3 })
  })

  describe('with the configuration cached per instance', () => {
    const saveMultiplier = async (server: TestServer, multiplier: number) =>
      expect(
        (
          await send(
            server,
            'POST',
            paths.adminConfig('vote-multiplier'),
            { isEnabled: true, multiplier },
            { headers: { authorization: server.adminAuth } },
          )
        ).status,
      ).toBe(200)
    const multiplierOn = async (server: TestServer) => (await send(server, 'GET', paths.voteMultiplierConfig())).json.multiplier
    // A write no instance hears of: the notify triggers do not fire under session_replication_role = replica.
    const setUnheard = (multiplier: number) =>
      withPostgres(pg.url, (sql) =>
        sql.begin(async (tx) => {
          await tx`set local session_replication_role = replica`
          await tx`update vote_multiplier_config set multiplier = ${multiplier}`
        }),
      )
    const listeners = () =>
      query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1',
        CONFIG_LISTENER_NAME,
      ).then((rows) => rows[0].n)
    /** Waits until server answers its cached multiplier over one written unheard (its listener subscribed). */
    async function untilCached(server: TestServer) {
      for (let i = 1; ; i++) {
        const answered = await multiplierOn(server)
        await setUnheard(answered + 1)
        if ((await multiplierOn(server)) === answered) return answered
        if (i === 100) throw new Error('the configuration is never answered from the cache')
        await Bun.sleep(50)
      }
    }

    it('answer a save on one at the next read of the other, whose cache held the old value', async () => {
      await saveMultiplier(a, 2)
      expect(await multiplierOn(b)).toBe(2)
      await setUnheard(7)
      expect(await multiplierOn(b)).toBe(2)
      await saveMultiplier(a, 4)
      expect(await multiplierOn(b)).toBe(4)
      expect(await multiplierOn(a)).toBe(4)
      const zone = { zoneName: 'Top', adCode: '<b>one</b>', isActive: true }
      expect((await send(a, 'POST', paths.adminConfig('zone1'), zone, { headers: { authorization: a.adminAuth } })).status).toBe(200)
      expect((await send(b, 'GET', '/api/ad-config/zone1')).json).toEqual({ adCode: '<b>one</b>', isActive: true })
      const next = { ...zone, adCode: '<b>two</b>' }
      expect((await send(a, 'POST', paths.adminConfig('zone1'), next, { headers: { authorization: a.adminAuth } })).status).toBe(200)
      expect((await send(b, 'GET', '/api/ad-config/zone1')).json).toEqual({ adCode: '<b>two</b>', isActive: true })
    })

    it('drop the cache when the listening connection is lost, and listen again', async () => {
      const cachedValue = await untilCached(b)
      expect(await listeners()).toBe(2)
      await query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1',
        CONFIG_LISTENER_NAME,
      )
      // The value written unheard is answered once b has seen its listener go.
      for (let i = 0; (await multiplierOn(b)) === cachedValue; i++) {
        if (i === 100) throw new Error('b still answers its cache after losing its listener')
        await Bun.sleep(50)
      }
      expect(await multiplierOn(b)).toBe(cachedValue + 1)
      for (let i = 0; (await listeners()) < 2; i++) {
        if (i === 100) throw new Error('the listeners did not come back')
        await Bun.sleep(50)
      }
      await untilCached(b)
      await saveMultiplier(a, 5)
      expect(await multiplierOn(b)).toBe(5)
    })
  })

  // Runs last: it kills the first server.
  it('lose no acknowledged vote when one is killed with SIGKILL mid-stream, while the other keeps answering', async () => {
    const owner = await visitorOn(b)
    const item = await upload(b, owner, 'red-marigold.webp')
    expect(item.status).toBe(201)
    const voters = await Promise.all(Array.from({ length: 60 }, (_, i) => visitorOn(i % 2 ? a : b)))
    const acknowledged: number[] = []
    const statusesOfB: number[] = []
    const vote = (server: TestServer, voter: Visitor) =>
      send(
        server,
        'POST',
        paths.votes(),
        { userId: voter.user.id, mediaId: item.json.media.id, isHot: true },
        { cookie: voter.cookie },
      ).then(
        (r) => r.status,
        () => 0,
      )
    // Votes go out in pairs, one to each server; the first server is killed while the eleventh pair is in flight.
    for (let i = 0; i < voters.length; i += 2) {
      const pair = [vote(a, voters[i]), vote(b, voters[i + 1])]
      if (i === 20) a.proc.kill('SIGKILL')
      const [onA, onB] = await Promise.all(pair)
      if (onA >= 200 && onA < 300) acknowledged.push(voters[i].user.id)
      if (onB >= 200 && onB < 300) acknowledged.push(voters[i + 1].user.id)
      if (i >= 20) statusesOfB.push(onB)
    }
    await a.proc.exited
    expect(a.proc.signalCode).toBe('SIGKILL')
    // Every vote sent before the kill and every vote sent to the survivor is acknowledged.
    expect(acknowledged.length).toBeGreaterThanOrEqual(40)
    expect(statusesOfB.every((s) => s === 201)).toBe(true)
    const stored = await query<{ user_id: number }>('select user_id from votes where media_id = $1', item.json.media.id)
    const storedIds = stored.map((r) => Number(r.user_id))
    expect(new Set(storedIds).size).toBe(storedIds.length)
    expect(storedIds.length).toBeGreaterThanOrEqual(acknowledged.length)
    for (const id of acknowledged) expect(storedIds).toContain(id)
    expect((await send(b, 'GET', paths.ready())).status).toBe(200)
  })
})
