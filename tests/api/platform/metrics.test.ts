/**
 * GET /metrics (docs/operations.md > Metrics): off without METRICS_TOKEN, Bearer-only with it, every metric family after a
 * short mixed run (the database families on the dialect the run uses), bounded label sets, the PostgreSQL pool gauges
 * against connections held and waited for, and the METRICS_PORT listener on 127.0.0.1.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { call, makeTestApp, makeVisitor, ADMIN_BASIC, TEST_DIALECT } from '../../support/test-app'
import { makeMedia } from '../../support/builders'
import { paths } from '@contract/paths'
import { serveMetricsPort } from '@server/http/metrics-route'
import { freePort } from '../../support/browser'
import { waitFor } from '../../support/process-checks'
import { sql } from 'drizzle-orm'

const TOKEN = 'a-metrics-token-for-tests'
const BEARER = { authorization: `Bearer ${TOKEN}` }
const t = makeTestApp({ METRICS_TOKEN: TOKEN, SESSIONS_PER_ADDRESS_PER_HOUR: '100000', UPLOADS_PER_VISITOR_PER_HOUR: '2' })
afterAll(t.cleanup)

/** Every family a mixed run must serve (docs/operations.md > Metrics describes them). */
export const FAMILIES = [
  'hotvote_http_requests_total',
  'hotvote_http_request_duration_seconds',
  'hotvote_votes_total',
  'hotvote_uploads_total',
  'hotvote_media_pipeline_duration_seconds',
  'hotvote_pipeline_queue_length',
  'hotvote_rate_limit_refusals_total',
  'hotvote_group_commit_batch_size',
  'hotvote_export_runs_total',
  'hotvote_population_runs_total',
  'hotvote_ready',
  'hotvote_db_query_duration_seconds',
  'hotvote_db_pool_connections',
  'hotvote_db_pool_waiting',
  'hotvote_db_pool_max',
  'process_resident_memory_bytes',
  'nodejs_heap_size_used_bytes',
  'nodejs_eventloop_lag_seconds',
  'nodejs_gc_duration_seconds',
]

const scrape = async () => {
  const r = await call(t.app, 'GET', '/metrics', undefined, { headers: BEARER })
  expect(r.status).toBe(200)
  return r.text
}

/** A scrape once check holds for it (a request is counted just after its answer is sent). */
async function scrapeWhen(what: string, check: (text: string) => boolean): Promise<string> {
  let text = ''
  await waitFor(what, async () => check((text = await scrape())))
  return text
}

/** The value of one series (name with its labels as printed) in a scrape; 0 when absent. */
const sampleValue = (text: string, series: string) =>
  Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${series} `))
      ?.slice(series.length + 1) ?? 0,
  )

/** The pool gauges in a scrape. */
const poolOf = (text: string) => ({
  active: sampleValue(text, 'hotvote_db_pool_connections{state="active"}'),
  idle: sampleValue(text, 'hotvote_db_pool_connections{state="idle"}'),
  waiting: sampleValue(text, 'hotvote_db_pool_waiting'),
  max: sampleValue(text, 'hotvote_db_pool_max'),
})

/** The pool size of a PostgreSQL test app (tests/support/test-app.ts); this file's app is the only one open while its pool is read. */
const TEST_POOL_SIZE = 4

/** The series (sample lines) of family in a scrape. */
const seriesOf = (text: string, family: string) => text.split('\n').filter((l) => l.startsWith(`${family}{`) || l.startsWith(`${family} `))

describe('GET /metrics', () => {
  it('answers 404 when METRICS_TOKEN is unset, whatever is sent', async () => {
    const off = makeTestApp()
    try {
      expect((await call(off.app, 'GET', '/metrics')).status).toBe(404)
      expect((await call(off.app, 'GET', '/metrics', undefined, { headers: BEARER })).status).toBe(404)
    } finally {
      off.cleanup()
    }
  })

  it('answers 401 without the bearer token or with a wrong one', async () => {
    for (const authorization of ['', 'Bearer wrong-token-of-same-size', `Basic ${btoa(`admin:${TOKEN}`)}`, TOKEN]) {
      const r = await call(t.app, 'GET', '/metrics', undefined, { headers: { authorization } })
      expect(r.status).toBe(401)
      expect(r.text).not.toContain('hotvote_')
    }
  })

  it('lists every metric family after a short mixed run, in the Prometheus text format', async () => {
    const before = await scrape()
    const owner = await makeVisitor(t.app)
    const voter = await makeVisitor(t.app)
    const media = (await makeMedia(t.app, owner, 'tabby-cat.png')).json.media
    expect((await makeMedia(t.app, owner, 'tabby-cat.png')).status).toBe(409)
    expect((await makeMedia(t.app, owner, 'yellow-daisy.webp')).status).toBe(429)
    const vote = { userId: voter.user.id, mediaId: media.id, isHot: true }
    expect((await call(t.app, 'POST', paths.votes(), vote, { cookie: voter.cookie })).status).toBe(201)
    expect((await call(t.app, 'POST', paths.votes(), vote, { cookie: voter.cookie })).status).toBe(200)
    expect((await call(t.app, 'POST', paths.adminPopulateVotes(), undefined, { headers: ADMIN_BASIC })).status).toBe(200)
    const exported = await call(t.app, 'GET', paths.adminExportVotes(), undefined, { headers: ADMIN_BASIC })
    expect(exported.status).toBe(200)
    expect((await call(t.app, 'GET', '/api/no-such-route')).status).toBe(404)

    const lastRequest = 'hotvote_http_requests_total{route="/*",method="GET",status="404"}'
    const text = await scrapeWhen('the last request counted', (s) => sampleValue(s, lastRequest) === sampleValue(before, lastRequest) + 1)
    for (const family of FAMILIES) expect({ family, listed: text.includes(`# TYPE ${family} `) }).toEqual({ family, listed: true })
    // The registry is the process's: other test files of the same run may have counted too, so the run's deltas are checked.
    const added = (series: string) => sampleValue(text, series) - sampleValue(before, series)
    expect({
      cast: added('hotvote_votes_total{outcome="cast"}'),
      replayed: added('hotvote_votes_total{outcome="replayed"}'),
      stored: added('hotvote_uploads_total{type="image/png",outcome="stored"}'),
      duplicate: added('hotvote_uploads_total{type="image/png",outcome="duplicate"}'),
      refused: added('hotvote_rate_limit_refusals_total{limit="upload-visitor"}'),
      exports: added('hotvote_export_runs_total{outcome="completed"}'),
      populations: added('hotvote_population_runs_total{outcome="completed"}'),
      pipelineRuns: added('hotvote_media_pipeline_duration_seconds_count{kind="image"}'),
      votesAnswered201: added('hotvote_http_requests_total{route="/api/votes",method="POST",status="201"}'),
    }).toEqual({
      cast: 1,
      replayed: 1,
      stored: 1,
      duplicate: 1,
      refused: 1,
      exports: 1,
      populations: 1,
      pipelineRuns: 1,
      votesAnswered201: 1,
    })
    // Votes are group-committed on both dialects: each of the two votes' batches is counted.
    expect(added('hotvote_group_commit_batch_size_count')).toBeGreaterThanOrEqual(2)
    expect(text).toMatch(/hotvote_http_request_duration_seconds_bucket\{le="[\d.+Inf]+",route="\/api\/media\/upload",method="POST"\}/)
    const queries = (operation: string) =>
      added(`hotvote_db_query_duration_seconds_count{dialect="${TEST_DIALECT}",operation="${operation}"}`)
    // Each vote batch is a transaction on both dialects; SQLite times only transactions, PostgreSQL every query too.
    expect(queries('transaction')).toBeGreaterThanOrEqual(2)
    if (TEST_DIALECT === 'sqlite') expect([queries('read'), queries('write')]).toEqual([0, 0])
    else for (const operation of ['read', 'write']) expect({ operation, more: queries(operation) > 0 }).toEqual({ operation, more: true })
    expect(sampleValue(text, `hotvote_db_query_duration_seconds_sum{dialect="${TEST_DIALECT}",operation="transaction"}`)).toBeGreaterThan(0)
    const pool = poolOf(text)
    if (TEST_DIALECT === 'sqlite') expect(pool).toEqual({ active: 0, idle: 0, waiting: 0, max: 0 })
    else {
      expect(pool.max).toBe(TEST_POOL_SIZE)
      expect(pool.waiting).toBe(0)
      expect(pool.active + pool.idle).toBeGreaterThan(0)
      expect(pool.active + pool.idle).toBeLessThanOrEqual(TEST_POOL_SIZE)
    }
  })

  it.if(TEST_DIALECT === 'postgres')('counts every PostgreSQL query a request makes into the query histogram', async () => {
    const visitor = await makeVisitor(t.app)
    const reads = 'hotvote_db_query_duration_seconds_count{dialect="postgres",operation="read"}'
    const before = sampleValue(await scrape(), reads)
    for (let i = 0; i < 5; i++)
      expect((await call(t.app, 'GET', paths.mediaRandom(visitor.user.id), undefined, { cookie: visitor.cookie })).status).toBeLessThan(500)
    // Each request reads its session at least: five requests, at least five reads more.
    expect(sampleValue(await scrape(), reads) - before).toBeGreaterThanOrEqual(5)
  })

  it('keeps its label sets bounded after 1,000 requests to distinct paths: patterns and one unmatched value, never a raw path', async () => {
    const start = await scrape()
    const before = seriesOf(start, 'hotvote_http_requests_total').length
    const unmatched = 'hotvote_http_requests_total{route="unmatched",method="POST",status="404"}'
    const countedBefore = sampleValue(start, unmatched)
    for (let i = 0; i < 1000; i++) {
      const [method, path] = [
        ['GET', `/api/distinct-${i}`],
        ['GET', `/api/media/file/distinct-${i}.jpg`],
        ['POST', `/distinct-${i}`],
        ['GET', `/api/users/${i + 1}/stats`],
      ][i % 4]
      await call(t.app, method, path)
    }
    const text = await scrapeWhen('every request counted', (s) => sampleValue(s, unmatched) === countedBefore + 250)
    expect(text).not.toContain('distinct-')
    expect(seriesOf(text, 'hotvote_http_requests_total').length - before).toBeLessThanOrEqual(6)
    expect(text).toContain('route="/api/users/:id/stats"')
    expect(
      seriesOf(text, 'hotvote_http_request_duration_seconds_count').length -
        seriesOf(start, 'hotvote_http_request_duration_seconds_count').length,
    ).toBeLessThanOrEqual(6)
    // The query histogram: a dialect and one of three operations, nothing else, whatever the requests were.
    for (const line of seriesOf(text, 'hotvote_db_query_duration_seconds_count'))
      expect(line).toMatch(/^hotvote_db_query_duration_seconds_count\{dialect="(sqlite|postgres)",operation="(read|write|transaction)"\} /)
  })
})

describe.if(TEST_DIALECT === 'postgres')('PostgreSQL pool gauges', () => {
  it('count connections held by transactions and reservations, and the queries waiting behind them', async () => {
    const db = t.deps.db
    if (db.dialect !== 'postgres') throw new Error('PostgreSQL only')
    const scrapePool = async () => poolOf(await scrape())
    await waitFor('the pool idle', async () => (await scrapePool()).active === 0)
    let open!: () => void
    const gate = new Promise<void>((resolve) => (open = resolve))
    // Three transactions and one reservation hold all four connections until the gate opens; two queries wait.
    const held = [1, 2, 3].map(() => db.sql.begin(async (tx) => (await tx`select 1`, await gate)))
    const reserved = await db.sql.reserve()
    const waiting = [db.sql`select 2`, db.orm.execute(sql`select 3`)].map((q) => Promise.resolve(q))
    await waitFor(
      'every connection lent and two callers waiting',
      async () => JSON.stringify(await scrapePool()) === JSON.stringify({ active: 4, idle: 0, waiting: 2, max: 4 }),
    )
    await reserved.release()
    await Promise.all(waiting)
    expect(await scrapePool()).toEqual({ active: 3, idle: 1, waiting: 0, max: 4 })
    open()
    await Promise.all(held)
    // Bun keeps the connections it opened: all four are idle now.
    expect(await scrapePool()).toEqual({ active: 0, idle: 4, waiting: 0, max: 4 })
  })
})

describe('hotvote_ready', () => {
  // SQLite only: it takes the database away by closing the file (tests/api/durability/database-outage.test.ts cuts PostgreSQL).
  it.if(TEST_DIALECT === 'sqlite')('is 1 while GET /api/ready answers 200 and 0 once its database is gone', async () => {
    // The readiness of the app built last is the one reported (a server builds one app).
    const app = makeTestApp({ METRICS_TOKEN: TOKEN })
    const scrapeReady = async () =>
      sampleValue((await call(app.app, 'GET', '/metrics', undefined, { headers: BEARER })).text, 'hotvote_ready')
    try {
      expect(await scrapeReady()).toBe(1)
      app.sqlite.close()
      expect(await scrapeReady()).toBe(0)
    } finally {
      app.cleanup()
    }
  })
})

describe('METRICS_PORT', () => {
  it('serves /metrics without a token on 127.0.0.1 only, and nothing else', async () => {
    const port = freePort()
    const server = serveMetricsPort(port)
    try {
      expect(server.hostname).toBe('127.0.0.1')
      const r = await fetch(`http://127.0.0.1:${port}/metrics`)
      expect(r.status).toBe(200)
      expect(r.headers.get('content-type')).toStartWith('text/plain')
      expect(await r.text()).toContain('# TYPE hotvote_http_requests_total counter')
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404)
    } finally {
      await server.stop(true)
    }
  })
})
