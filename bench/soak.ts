/**
 * Soak run (by hand, not in CI): `bun run bench/soak.ts [--minutes N] [--url URL [--pid PID]] [--concurrency C]`.
 * Mixed visitor traffic on loopback for N minutes (default 10): sessions, the rating queue and random picks, views,
 * votes, stats, public configs, and now and then an upload of a small fixture photo (read in place). Without --url
 * it starts the server as `npm start` would, on a temp DATA_DIR. Every call sends `Sec-Fetch-Site: same-origin` as the
 * app's page does, and counts as failed (status 0) when its whole answer has not come within REQUEST_TIMEOUT_MS.
 * Prints a progress line per minute (requests, errors, slowest answer, RSS), then the server's RSS after the first
 * minute and at the end and the answers by status; exits 1 when RSS grew more than 10% or any error answer or failed
 * call came.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

const ROOT = join(import.meta.dir, '..')
const FIXTURES = join(ROOT, '..', 'shared', 'fixtures', 'media')
const PHOTOS = ['wooden-plank-closeup.jpg', 'storm-over-highway.jpg', 'kite-in-blue-sky-portrait.jpg']
/** A visitor with nothing left to rate waits this long before looking again, ms. */
const IDLE_MS = 250
/** At most one upload per this many ms in all, so the bucket grows slowly. */
const UPLOAD_EVERY_MS = 2000
/** A visitor makes this many calls, then a new one arrives. */
const CALLS_PER_VISITOR = 60
const RSS_GROWTH_LIMIT = 0.1
/** Longest wait for one whole answer, ms: a call that takes longer counts as failed (status 0), so a hang fails the run. */
const REQUEST_TIMEOUT_MS = 15_000

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    url: { type: 'string' },
    pid: { type: 'string' },
    concurrency: { type: 'string', default: '4' },
  },
})
const minutes = Number(args.minutes)
const concurrency = Number(args.concurrency)

/** Starts scripts/start.ts (what `npm start` runs) on a free loopback port and a temp DATA_DIR. */
async function startOwnServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'hotvote-soak-'))
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = probe.port!
  probe.stop(true)
  // Every simulated visitor comes from loopback and uploads far more often than the hourly limits allow one visitor.
  const unlimited = {
    UPLOADS_PER_VISITOR_PER_HOUR: '999999',
    UPLOADS_PER_ADDRESS_PER_HOUR: '999999',
    SESSIONS_PER_ADDRESS_PER_HOUR: '999999',
  }
  const proc = Bun.spawn(['bun', 'run', join(ROOT, 'scripts', 'start.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: 'soak', ...unlimited },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  const url = `http://127.0.0.1:${port}`
  for (
    let i = 0;
    i < 1200 &&
    !(await fetch(`${url}/api/site-settings`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  ) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`)
    await Bun.sleep(100)
  }
  return { url, pid: proc.pid, stop: async () => (proc.kill(), await proc.exited, rmSync(dataDir, { recursive: true, force: true })) }
}

const server = args.url
  ? { url: args.url.replace(/\/$/, ''), pid: args.pid ? Number(args.pid) : undefined, stop: async () => {} }
  : await startOwnServer()
/** The server's resident memory in MB, or undefined when its pid is unknown or the process is gone. */
function rssMb(): number | undefined {
  if (!server.pid) return undefined
  try {
    return Number(readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 1024
  } catch {
    return undefined
  }
}

const byStatus = new Map<number, number>()
/** The slowest answer since the last progress line, ms. */
let slowestMs = 0
const errorSamples: string[] = []
let lastUpload = 0

/**
 * The JPEG with a random 16-byte comment segment (FF FE, length 18) right after its start marker: still a valid
 * photo, but new bytes, since the server refuses a second upload of the same file (409).
 */
const uniqueJpeg = (jpeg: Uint8Array<ArrayBuffer>) =>
  new Blob([jpeg.subarray(0, 2), new Uint8Array([0xff, 0xfe, 0x00, 0x12]), crypto.getRandomValues(new Uint8Array(16)), jpeg.subarray(2)])

/** One call; counts its status (0 for a network failure) and keeps a few error answers to print. */
async function hit(method: string, path: string, opts: { cookie?: string; json?: unknown; form?: FormData } = {}): Promise<any> {
  // What the app's own page sends: without it the cross-site guard refuses every cookie-carrying POST (403).
  const headers: Record<string, string> = { 'sec-fetch-site': 'same-origin', ...(opts.cookie ? { cookie: opts.cookie } : {}) }
  if (opts.json !== undefined) headers['content-type'] = 'application/json'
  const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS)
  const sent = performance.now()
  const answer = await fetch(`${server.url}${path}`, {
    method,
    headers,
    signal,
    body: opts.form ?? (opts.json === undefined ? undefined : JSON.stringify(opts.json)),
  })
    .then(async (res) => ({ status: res.status, text: await res.text() }))
    .catch((e: Error) => ({ status: 0, text: signal.aborted ? `no answer within ${REQUEST_TIMEOUT_MS / 1000} s` : e.message }))
  const { status, text } = answer
  slowestMs = Math.max(slowestMs, performance.now() - sent)
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1)
  if (
    (status === 0 || status >= 400) &&
    errorSamples.length < 10 &&
    !errorSamples.some((e) => e.startsWith(`${status} ${method} ${path.split('/').slice(0, 3).join('/')}`))
  )
    errorSamples.push(`${status} ${method} ${path}: ${text.slice(0, 160)}`)
  try {
    return status < 300 ? JSON.parse(text) : undefined
  } catch {
    return undefined
  }
}

/** One visitor's session: a few rounds of queue, views, votes, stats and configs, and sometimes an upload. */
async function visitor(until: number) {
  const sessionId = crypto.randomUUID().replace(/-/g, '')
  const cookie = `sid=${sessionId}`
  const user = await hit('POST', '/api/session', { json: { sessionId } })
  if (!user) return
  for (let calls = 0; calls < CALLS_PER_VISITOR && Date.now() < until; ) {
    if (Date.now() - lastUpload > UPLOAD_EVERY_MS) {
      lastUpload = Date.now()
      const name = PHOTOS[Math.floor(Math.random() * PHOTOS.length)]
      const form = new FormData()
      form.append('userId', String(user.id))
      form.append('file', uniqueJpeg(await Bun.file(join(FIXTURES, name)).bytes()), name)
      await hit('POST', '/api/media/upload', { cookie, form })
      calls++
    }
    const queue = (await hit('GET', `/api/media/queue/${user.id}?limit=10`, { cookie })) as
      | { id: number }[]
      | { items?: { id: number }[] }
      | undefined
    const items = (Array.isArray(queue) ? queue : (queue?.items ?? [])).slice(0, 3)
    // With nothing left to rate, random answers its documented 404 ('You have rated all...'): only ask when there is.
    if (items.length) await hit('GET', `/api/media/random/${user.id}`, { cookie })
    for (const item of items) {
      await hit('POST', `/api/media/${item.id}/view`, { cookie, json: { userId: user.id } })
      await hit('POST', '/api/votes', { cookie, json: { userId: user.id, mediaId: item.id, isHot: Math.random() < 0.5 } })
    }
    await hit('GET', `/api/users/${user.id}/stats`, { cookie })
    for (const path of [
      '/api/site-settings',
      '/api/vote-multiplier-config',
      '/api/email-capture-config',
      '/api/idle-redirect-config',
      '/api/ad-config/skip-button',
    ])
      await hit('GET', path)
    calls += 8 + items.length * 2
    if (!items.length) await Bun.sleep(IDLE_MS)
  }
}

/** Keeps one lane busy with visitor after visitor until the end. */
async function lane(until: number) {
  while (Date.now() < until) await visitor(until)
}

const start = Date.now()
const end = start + minutes * 60_000
console.log(`soak: ${minutes} min against ${server.url}, ${concurrency} visitors at a time`)
const countOf = (keep: (status: number) => boolean) => [...byStatus].filter(([s]) => keep(s)).reduce((n, [, c]) => n + c, 0)
const isError = (status: number) => status === 0 || status >= 400
let rssAfterFirstMinute: number | undefined
let ticks = 0
// A progress line per minute (half the run when shorter), so a stall shows while it happens, not only at the end.
const progress = setInterval(
  () => {
    const rss = rssMb()
    if (++ticks === 1) rssAfterFirstMinute = rss
    console.log(
      `minute ${ticks}: ${countOf(() => true)} requests, ${countOf(isError)} errors, slowest answer ${slowestMs.toFixed(0)} ms, RSS ${rss?.toFixed(1) ?? 'n/a'} MB`,
    )
    slowestMs = 0
  },
  Math.min(60_000, (minutes * 60_000) / 2),
)
await Promise.all(Array.from({ length: concurrency }, () => lane(end)))
clearInterval(progress)
const rssEnd = rssMb()
await server.stop()

const total = countOf(() => true)
const errors = countOf(isError)
const serverErrors = countOf((s) => s === 0 || s >= 500)
const growth = rssAfterFirstMinute && rssEnd ? (rssEnd - rssAfterFirstMinute) / rssAfterFirstMinute : 0
console.log(
  `RSS after the first minute: ${rssAfterFirstMinute?.toFixed(1) ?? 'n/a'} MB, at the end: ${rssEnd?.toFixed(1) ?? 'n/a'} MB (growth ${(growth * 100).toFixed(1)}%)`,
)
console.log(
  `${total} requests in ${((Date.now() - start) / 1000).toFixed(0)} s; by status: ${JSON.stringify(Object.fromEntries([...byStatus].sort(([a], [b]) => a - b)))}`,
)
console.log(`error answers: ${errors} (5xx or no answer: ${serverErrors})`)
for (const s of errorSamples) console.log(`  ${s}`)
if (growth > RSS_GROWTH_LIMIT || errors > 0) {
  console.log(
    growth > RSS_GROWTH_LIMIT ? `FAIL: RSS grew more than ${RSS_GROWTH_LIMIT * 100}%` : 'FAIL: error answers, failed or timed-out requests',
  )
  process.exit(1)
}
console.log('ok')
