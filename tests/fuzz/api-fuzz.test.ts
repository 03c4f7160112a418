/**
 * Property-based fuzz suite (fast-check): every route of the OpenAPI document is driven with generated
 * paths, query strings, headers, cookies and bodies (schema-valid, wrong types, broken JSON, deep nesting, huge
 * strings, multipart of every broken shape), first through app.handle on the real app, then over raw sockets to a
 * real listening server (bodies cut off by a client that goes away, garbage request heads).
 * Property: every /api answer is a 2xx/3xx/4xx JSON answer, never a 5xx nor HTML, and the server still answers a
 * health call afterwards. The seed is fixed (FIXED_SEED); FUZZ_SEED=<n> replays a run (the seed is printed) and
 * FUZZ_SEED=random explores; FUZZ_RUNS sets the runs per route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import fc from 'fast-check'
import { connect } from 'node:net'
import { call, makeTestApp, makeVisitor, TEST_DIALECT } from '../support/test-app'
import { describePostgres } from '../support/postgres'
import { migratePostgres, openPool } from '@server/db/open-postgres'
import { makeMedia } from '../support/builders'
import { startServer, type TestServer } from '../support/browser'
import { craftedUpload, outOfRangeText, type FuzzContext, type JsonSchema, type Operation, type RequestDesc } from './arbitraries'
import { toJsonSchema } from '@valibot/to-json-schema'
import { describeRequest, numericProbeFor, operationsOf, renderMultipart, requestFor, toRawHttp, toRequest } from './requests'
import { newVisitor } from '../support/seed'

/**
 * The suite's fixed seed, so every run of `npm test` sends the same requests and a failure is a regression, never
 * chance; FUZZ_SEED=random explores new inputs (then add a test for what it finds, with its seed).
 */
const FIXED_SEED = 20261125
const SEED = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? FIXED_SEED)
const RUNS = Number(process.env.FUZZ_RUNS ?? 20)
const SOCKET_RUNS = Math.max(10, Math.ceil(RUNS * 2))
console.log(
  `api-fuzz: seed ${SEED}, ${RUNS} runs per route, ${SOCKET_RUNS} per socket property (replay with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS})`,
)

/** Requests sent, printed at the end (the figures of a run). */
let sent = 0
afterAll(() => console.log(`api-fuzz: ${sent} requests sent (seed ${SEED})`))

/**
 * Answers Bun's HTTP parser writes itself, with an empty body, before the app sees the request: a head too large
 * (431), a body over the listen limit (413), an unparsable request (400), an HTTP version it does not speak (505).
 * Only the raw-socket target meets them.
 */
const PARSER_ANSWERS = new Set([400, 413, 431, 505])

/** 2xx answers that are files, not JSON. */
const FILE_ANSWERS = [/^\/api\/media\/file\//, /^\/api\/admin\/export-votes/, /^\/api\/admin\/backup$/]
/** Routes whose 2xx answer may be empty, as tus answers a creation (201 with Location) and a HEAD (offset in headers). */
const EMPTY_ANSWERS = [/^\/api\/media\/tus(\/|$)/, /^\/api\/admin\/bucket-upload\/tus(\/|$)/]

/** Checks one answer against the property; throws with the request and answer when it fails. */
async function checkAnswer(d: RequestDesc, res: { status: number; headers: Headers; text: string }) {
  const fail = (why: string) => {
    throw new Error(`${why}: ${res.status} ${res.headers.get('content-type')} ${res.text.slice(0, 300)}\n  request: ${describeRequest(d)}`)
  }
  if (res.status >= 500) fail('5xx answer')
  const pathname = new URL(d.path, 'http://x').pathname
  if (!pathname.startsWith('/api/')) return
  const type = res.headers.get('content-type') ?? ''
  if (type.includes('text/html')) fail('HTML for /api')
  const isFile = res.status < 300 && FILE_ANSWERS.some((r) => r.test(pathname))
  const isEmpty = res.status < 300 && res.text === '' && EMPTY_ANSWERS.some((r) => r.test(pathname))
  if (isFile || isEmpty || (res.status >= 300 && res.status < 400) || res.status === 204) return
  if (!type.includes('application/json')) fail('not JSON')
  try {
    JSON.parse(res.text)
  } catch {
    fail('body is not JSON')
  }
}

// Two apps: garbage credentials go to the second one, so its admin lockout never hides the admin routes of the first.
const main = makeTestApp()
const garbageAuth = makeTestApp()
afterAll(() => (main.cleanup(), garbageAuth.cleanup()))

type App = typeof main.app

/** Seeds app with two visitors and one upload, and answers the context that names them (the test admin's credentials). */
async function seed(app: App): Promise<FuzzContext> {
  const a = await makeVisitor(app)
  const b = await makeVisitor(app)
  const upload = await makeMedia(app, a, 'yellow-daisy.webp')
  return {
    userIds: [a.user.id, b.user.id],
    mediaIds: [upload.json.media.id],
    sids: [a.user.sessionId, b.user.sessionId],
    mediaKeys: [upload.json.media.url.replace('/api/media/file/', '')],
    adminAuth: `Basic ${btoa('admin:test-admin-password')}`,
  }
}
const ctx = await seed(main.app)
const doc = (await call(main.app, 'GET', '/api/openapi/json')).json
// Destructive calls go last, so the other routes still meet the seeded rows.
const DESTRUCTIVE = /reset-database|purge-inactive|delete-bucket-files/
/**
 * The JSON schema of the body a route of main declares: the document's request bodies carry none, since the app's
 * own parse hook is a function, which the OpenAPI plugin cannot describe.
 */
const bodySchemaOf = (method: string, path: string): JsonSchema | undefined => {
  const pattern = path.replace(/\{(\w+)\}/g, ':$1')
  const body = (main.app.routes as { method: string; path: string; hooks?: { body?: unknown } }[]).find(
    (r) => r.method === method && r.path === pattern,
  )?.hooks?.body
  return body ? (toJsonSchema(body as Parameters<typeof toJsonSchema>[0], { errorMode: 'ignore' }) as JsonSchema) : undefined
}
const operations: Operation[] = operationsOf(doc, bodySchemaOf).sort(
  (x, y) => Number(DESTRUCTIVE.test(x.path)) - Number(DESTRUCTIVE.test(y.path)),
)

const health = async (app: App) => (await call(app, 'GET', '/api/site-settings')).status

/**
 * One test per operation of the document: requests from requestFor go to target's app (garbage credentials to
 * garbageAuth), each answer checked by checkAnswer, and the app still answers afterwards. target is read when the
 * tests run, so a block may seed its app in beforeAll.
 */
function fuzzEveryRoute(target: () => { app: App; ctx: FuzzContext }) {
  it('reads a document with the routes', () => expect(operations.length).toBeGreaterThan(50))

  operations.forEach((op, i) => {
    it(`${op.method} ${op.path}`, async () => {
      const { app, ctx } = target()
      const property = (requests: fc.Arbitrary<RequestDesc>) =>
        fc.asyncProperty(requests, async (d) => {
          sent++
          const to = d.headers.some(([k, v]) => k === 'authorization' && v !== ctx.adminAuth) ? garbageAuth.app : app
          const res = await to.handle(toRequest(d, 'http://localhost'))
          await checkAnswer(d, { status: res.status, headers: res.headers, text: await res.text() })
        })
      // Upload routes have the most ways to break (every multipart shape), so they get more runs.
      await fc.assert(property(requestFor(op, ctx)), { seed: SEED + i, numRuns: op.upload ? RUNS * 5 : RUNS })
      // Out-of-range numbers in otherwise valid requests, which reach the database's column types.
      const probe = numericProbeFor(op, ctx)
      if (probe) await fc.assert(property(probe), { seed: SEED + i, numRuns: RUNS })
      expect(await health(app)).toBe(200)
    })
  })
}

describe(`fuzz: every OpenAPI route through app.handle (${TEST_DIALECT})`, () => fuzzEveryRoute(() => ({ app: main.app, ctx })))

// The ids, limits and offsets the generators send must meet PostgreSQL's column types too (an `integer` id refuses
// 2147483648 and 1e23 with an error of its own), so a SQLite run fuzzes every route on a PostgreSQL database as well;
// under TEST_DIALECT=postgres the block above already does.
if (TEST_DIALECT === 'sqlite')
  describePostgres('fuzz: every OpenAPI route through app.handle (postgres)', (pg) => {
    let pool: ReturnType<typeof openPool> | undefined
    let t: ReturnType<typeof makeTestApp> | undefined
    let pgCtx = ctx
    beforeAll(async () => {
      await migratePostgres(pg.url)
      pool = openPool(pg.url, { max: 4, idleTimeout: 5 })
      t = makeTestApp({ DATABASE_URL: pg.url }, { db: { dialect: 'postgres', ...pool } })
      pgCtx = await seed(t.app)
    })
    afterAll(async () => {
      t?.cleanup()
      await pool?.close()
    })
    fuzzEveryRoute(() => ({ app: t!.app, ctx: pgCtx }))
  })

describe('fuzz: resumable uploads (tus)', () => {
  // An app of its own: the suite above ends with a database reset on main.
  const t = makeTestApp()
  afterAll(t.cleanup)
  let owner = { cookie: '', user: { id: 0 } }
  let other = owner
  beforeAll(async () => ((owner = await makeVisitor(t.app)), (other = await makeVisitor(t.app))))
  const lengths = fc.oneof(
    fc.integer({ min: -1e12, max: 1e13 }).map(String),
    fc.constantFrom('', 'abc', '1e3', '-0', ' 5', '0x10', '99999999999999999999', '21000000'),
  )
  const names = fc.constantFrom('a.jpg', 'b.mp4', 'c.mov', '', '../x.png', 'd.webp', 'e.'.padEnd(300, 'x'))
  const metadata = fc.oneof(
    fc
      .record({ name: names, userId: fc.oneof(fc.constantFrom('own', 'other', '0', '-1', 'x', ''), outOfRangeText) })
      .map(({ name, userId }) => ({ name, userId })),
    fc.string({ maxLength: 80 }),
  )
  const contentTypes = fc.constantFrom(
    'application/offset+octet-stream',
    'text/plain',
    'application/json',
    'multipart/form-data; boundary=x',
    '',
  )
  const versions = fc.constantFrom('1.0.0', '1.0.0', '0.2.2', '')
  const body = fc.uint8Array({ maxLength: 3000 })
  /** Upload-Metadata of a generated file name and userId ('own' and 'other' stand for the two visitors' ids), or a raw string. */
  const metadataHeader = (m: string | { name: string; userId: string }) =>
    typeof m === 'string'
      ? m
      : `filename ${btoa(m.name)},userId ${btoa(m.userId === 'own' ? String(owner.user.id) : m.userId === 'other' ? String(other.user.id) : m.userId)}`
  const mediaRows = async () => ((await t.sql.get('select count(*) as n from media')) as { n: number }).n
  /** Sends one tus request as owner and checks the property: never a 5xx, a JSON error for every refusal (a HEAD: its status). */
  const send = async (method: string, path: string, headers: Record<string, string>, bytes?: Uint8Array) => {
    sent++
    const all: Record<string, string> = { cookie: owner.cookie, 'sec-fetch-site': 'same-origin', ...headers }
    for (const [k, v] of Object.entries(all)) if (v === '') delete all[k]
    const res = await t.app.handle(
      new Request(`http://localhost${path}`, { method, headers: all, body: bytes ? new Blob([new Uint8Array(bytes)]) : undefined }),
    )
    const d: RequestDesc = {
      method,
      path,
      query: '',
      headers: Object.entries(all),
      body: bytes ? { kind: 'text', text: `<${bytes.length} bytes>` } : { kind: 'none' },
    }
    // A HEAD answer has no body: its status is all there is to check.
    if (method === 'HEAD') expect(res.status).toBeLessThan(500)
    else await checkAnswer(d, { status: res.status, headers: res.headers, text: await res.text() })
    return res
  }

  it('refuses bad creations (lengths, metadata, types, versions) with a 4xx and keeps no upload of them', async () => {
    const before = await mediaRows()
    await fc.assert(
      fc.asyncProperty(lengths, metadata, contentTypes, versions, body, async (length, meta, type, version, bytes) => {
        const rows = (await t.sql.get('select count(*) as n from resumable_uploads')).n
        const res = await send(
          'POST',
          '/api/media/tus',
          { 'upload-length': length, 'upload-metadata': metadataHeader(meta), 'content-type': type, 'tus-resumable': version },
          type ? bytes : undefined,
        )
        if (res.status >= 400) expect((await t.sql.get('select count(*) as n from resumable_uploads')).n).toBe(rows)
      }),
      { seed: SEED + 10, numRuns: RUNS * 5 },
    )
    expect(await mediaRows()).toBe(before)
  })

  it('answers bad offsets, wrong content types, bad checksums and out-of-order PATCHes with a 4xx, and stores no media from them', async () => {
    const before = await mediaRows()
    const checksums = fc.constantFrom(
      '',
      '',
      'sha1 AAAA',
      'sha256 2jmj7l5rSw0yVb/vlWAYkK/YBwk=',
      'md5',
      'crc32 AAAA',
      'sha1 !!!',
      'sha1 a b',
    )
    const offsets = fc.oneof(
      fc.integer({ min: -10, max: 3_000_000 }).map(String),
      fc.constantFrom('', 'x', '1.5', '-0', '99999999999999999999'),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(offsets, contentTypes, versions, body, checksums), { minLength: 1, maxLength: 4 }),
        async (patches) => {
          const created = await send('POST', '/api/media/tus', {
            'upload-length': '2000000',
            'upload-metadata': `filename ${btoa('f.mp4')},userId ${btoa(String(owner.user.id))}`,
            'tus-resumable': '1.0.0',
          })
          expect(created.status).toBe(201)
          const path = created.headers.get('location')!
          for (const [offset, type, version, bytes, checksum] of patches)
            await send(
              'PATCH',
              path,
              { 'upload-offset': offset, 'content-type': type, 'tus-resumable': version, 'upload-checksum': checksum },
              bytes,
            )
          await send('HEAD', path, { 'tus-resumable': '1.0.0' })
          expect((await send('DELETE', path, { 'tus-resumable': '1.0.0' })).status).toBe(204)
        },
      ),
      { seed: SEED + 11, numRuns: RUNS * 2 },
    )
    for (const id of ['0', 'x'.repeat(32), '0123456789abcdef0123456789abcdef', '%2e%2e', 'a'.repeat(100)]) {
      for (const method of ['HEAD', 'PATCH', 'DELETE'])
        expect(
          (
            await send(
              method,
              `/api/media/tus/${id}`,
              { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
              method === 'PATCH' ? new Uint8Array(10) : undefined,
            )
          ).status,
        ).toBeGreaterThanOrEqual(400)
    }
    expect(await mediaRows()).toBe(before)
    expect((await t.sql.get("select count(*) as n from resumable_uploads where state <> 'done'")).n).toBe(0)
  })
})

/** How long a raw exchange may stay open once written: a server that keeps a garbage connection open is not a failure. */
const RAW_DEADLINE_MS = 5000

/**
 * Sends raw bytes over a fresh connection and answers what came back, until the server closes or the deadline.
 * end: 'wait' keeps the connection open for the answer, 'half-close' also ends our side (for heads that never
 * complete), 'cut' drops the connection right after writing (a client that goes away mid-body).
 */
function rawExchange(port: number, bytes: (string | Uint8Array)[], end: 'wait' | 'half-close' | 'cut'): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    const deadline = setTimeout(() => socket.destroy(), RAW_DEADLINE_MS)
    socket.on('close', () => clearTimeout(deadline))
    socket.on('data', (c) => (answer += c.toString('latin1')))
    socket.on('error', () => resolve(answer))
    socket.on('close', () => resolve(answer))
    socket.on('connect', () => {
      for (const b of bytes) socket.write(b)
      if (end === 'cut') socket.write('', () => socket.destroy())
      if (end === 'half-close') socket.end()
    })
  })
}

/**
 * The longest a health call may take while a crafted upload is processed, ms: a parse that holds the event loop takes
 * far longer, and a busy machine's scheduling stays well below it.
 */
const RESPONSIVE_MS = 2000

const statusOf = (answer: string) => Number(answer.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0)

describe('fuzz: a real listening server over raw sockets', () => {
  let server: TestServer
  let port = 0
  beforeAll(async () => {
    server = await startServer({ NODE_ENV: 'production' })
    port = Number(new URL(server.url).port)
  })
  afterAll(() => server?.stop())
  const alive = async () => (await fetch(`${server.url}/api/site-settings`)).status
  const bodied = operations.filter((o) => o.method !== 'GET' && !DESTRUCTIVE.test(o.path))
  // The server's own database has other ids and no session of ours: the admin password is the same one startServer sets.
  const serverCtx = { ...ctx, adminAuth: `Basic ${btoa('admin:e2e-admin-password')}` }
  // Half the requests go to the upload routes, whose bodies are the ones a socket can cut.
  const anyRequest = fc
    .oneof(fc.constantFrom(...bodied), fc.constantFrom(...bodied.filter((o) => o.upload)))
    .chain((op) => requestFor(op, serverCtx))

  it('answers complete requests with JSON and never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(anyRequest, async (d) => {
        sent++
        const { head, body } = toRawHttp(d, `127.0.0.1:${port}`, 1)
        const answer = await rawExchange(port, [head, body], 'wait')
        const [rawHead, ...rest] = answer.split('\r\n\r\n')
        const type = rawHead.match(/^content-type: (.*)$/im)?.[1] ?? ''
        const text = rest.join('\r\n\r\n')
        if (PARSER_ANSWERS.has(statusOf(answer)) && !type) return
        await checkAnswer(d, { status: statusOf(answer), headers: new Headers({ 'content-type': type }), text })
      }),
      { seed: SEED, numRuns: SOCKET_RUNS },
    )
    expect(await alive()).toBe(200)
  })

  it('survives bodies cut off by a client that goes away', async () => {
    await fc.assert(
      fc.asyncProperty(anyRequest, fc.double({ min: 0, max: 0.99, noNaN: true }), async (d, fraction) => {
        sent++
        const { head, body } = toRawHttp(d, `127.0.0.1:${port}`, fraction)
        await rawExchange(port, [head, body], 'cut')
        expect(await alive()).toBe(200)
      }),
      { seed: SEED + 1, numRuns: SOCKET_RUNS },
    )
  })

  it('refuses crafted containers (huge MP4 sample counts, many-frame GIFs) with 413/415 JSON while /api/health keeps answering', async () => {
    const visitor = await newVisitor(server)
    await fc.assert(
      fc.asyncProperty(craftedUpload(visitor.id), async (parts) => {
        sent++
        const body = renderMultipart({ headerBoundary: 'xyz', bodyBoundary: 'xyz', preamble: '', parts, close: true, truncateAt: null })
        const headers = { cookie: visitor.cookie, 'sec-fetch-site': 'same-origin', 'content-type': 'multipart/form-data; boundary=xyz' }
        let settled = false
        const upload = fetch(`${server.url}/api/media/upload`, { method: 'POST', headers, body }).finally(() => (settled = true))
        do {
          const started = performance.now()
          expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
          expect(performance.now() - started).toBeLessThan(RESPONSIVE_MS)
        } while (!settled)
        const res = await upload
        expect([413, 415]).toContain(res.status)
        expect(res.headers.get('content-type')).toStartWith('application/json')
      }),
      { seed: SEED + 3, numRuns: SOCKET_RUNS },
    )
  })

  it('survives garbage request heads and answers them without a 5xx', async () => {
    const garbage = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.constantFrom(
        'GET / HTTP/9.9\r\n\r\n',
        'GET /api/%E0%A4%A HTTP/1.1\r\nhost: x\r\n\r\n',
        'BREW /api/votes HTTP/1.1\r\nhost: x\r\n\r\n',
        'POST /api/votes HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n',
      ),
      fc.integer({ min: 1000, max: 200_000 }).map((n) => `GET /api/site-settings HTTP/1.1\r\nhost: x\r\nx-huge: ${'a'.repeat(n)}\r\n\r\n`),
    )
    await fc.assert(
      fc.asyncProperty(garbage, async (g) => {
        sent++
        const status = statusOf(await rawExchange(port, [g], 'half-close'))
        if (!PARSER_ANSWERS.has(status)) expect(status).toBeLessThan(500)
      }),
      { seed: SEED + 2, numRuns: SOCKET_RUNS },
    )
    expect(await alive()).toBe(200)
  })
})
