/**
 * `bun run drill`: failure drills of the production set-up on this machine, loopback only and bounded in time.
 * It starts a PostgreSQL cluster of its own (initdb into a temp folder, its own port; as the postgres user when run
 * as root), an S3 bucket (s3rver) behind a TCP proxy that can go away, two HotVote instances (server/main.ts) and
 * nginx with docs/operations/nginx.conf (ports, certificate and user replaced) over https with a self-signed
 * certificate. An open-loop mixed load through nginx (requests started on a schedule of --rate per second whatever
 * the answers before them: visitors starting sessions, fetching their queue and voting with an Idempotency-Key,
 * uploads of small pictures with one, an admin exporting the votes every --export-every seconds) runs while it plays,
 * one after the other: a rolling upgrade of both instances, a PostgreSQL restart (pg_ctl stop -m fast, then start
 * once the browser below has queued a vote), the bucket unreachable for --outage seconds (and until the browser's
 * upload below got its first answer), and a kill -9 of one instance. The client sends a 503 that carries Retry-After
 * again after that many seconds; anything else that is not 2xx, or no answer, is a failed request.
 * Beside the load, a visitor in chromium rates items through nginx the whole time (bench/lib/drill-browser.ts), and
 * uploads a photo from the shared fixtures while the bucket is away: after each drill the drill waits for the
 * browser's offline outbox to drain and checks in the database that each vote it queued during the drill was
 * recorded exactly once, and that the upload was stored once with its object in the bucket. After the load it checks
 * that every acknowledged vote and upload is in the database (and each upload's object in the bucket) and prints a
 * table per drill, each over the drill's window (--settle seconds of load, the act, --settle seconds more): requests
 * per second offered and carried (answered 2xx), failed, starts missed, 503s retried, acknowledged writes lost, time to
 * full service after the part's return, the browser outbox's votes and upload; and per drill a line with the CPU of
 * each part. Exits 1 when a drill misses the goals (docs/operations.md "Failure drills"). tests/drill.test.ts runs it
 * shorter and slower.
 */
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { SQL, type Subprocess } from 'bun'
import sharp from 'sharp'
import { startS3rver, type TestS3 } from '../tests/support/s3-server'
import { type BrowserUpload, type BrowserVisitor, type BrowserVote, clockTime, startBrowserVisitor } from './lib/drill-browser'
import { cpuBetween, cpuReading } from './lib/processes'

const ROOT = join(import.meta.dir, '..')
const PG_BIN = '/usr/lib/postgresql/15/bin'
/** Debian's nginx (not on a plain user's PATH), else whichever nginx PATH has. */
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx'
const ADMIN_PASSWORD = 'drill-admin-password'
const ADMIN_AUTH = `Basic ${btoa(`admin:${ADMIN_PASSWORD}`)}`
/** The shared media fixtures, read in place; the browser uploads BROWSER_UPLOAD from there while the bucket is away. */
const FIXTURES = join(ROOT, '..', 'shared', 'fixtures', 'media')
const BROWSER_UPLOAD = 'red-marigold.webp'

/**
 * Options: outageSeconds (bucket away), loadRate (requests the load starts per second), exportEverySeconds (an admin
 * export of the votes that often; 0: none), settleSeconds (load before and after each drill's act), log (progress lines).
 */
export type DrillOptions = {
  outageSeconds: number
  loadRate: number
  exportEverySeconds: number
  settleSeconds: number
  log: (line: string) => void
}

/**
 * One drill's row, over its window (settleSeconds of load, the act, settleSeconds more): its length in seconds; the
 * requests per second the load's schedule started (offered) and answered 2xx (carried, after their retries); requests
 * sent (503 retries included), failed, 503s retried, starts missed (MAX_IN_FLIGHT open), the 99th percentile of the
 * carried requests' time from first send to answer (ms); acknowledged writes lost; seconds to full service after the
 * part's return (null: not measured); CPU in cores by process group; the admin exports that ended in it.
 */
export type DrillRow = {
  drill: string
  seconds: number
  offeredPerSecond: number
  carriedPerSecond: number
  requests: number
  failed: number
  retried503: number
  missed: number
  p99Ms: number
  lostVotes: number
  lostUploads: number
  recoverySeconds: number | null
  /** What an upload through nginx got while the part was away (status and Retry-After), or null when not probed. */
  answerWhileDown: string | null
  /** The browser's votes that queued in the outbox during the drill, those recorded exactly once after its replay, and those stored twice or counted twice on their item. */
  browserOutbox: BrowserOutbox
  /** The browser's upload during the drill, or null when it made none. */
  browserUpload: BrowserUploadResult | null
  /** CPU in cores (CPU seconds per second) of the instances, PostgreSQL, nginx, the load (this process), the rest of its children (chromium), the machine and the machine's other processes. */
  cpu: Record<string, number>
  /** The admin exports that ended in the window: how many, their mean time to the whole file (ms) and size (bytes). */
  exports: { count: number; meanMs: number; meanBytes: number }
  failures: string[]
}

/** A drill's browser votes: queued in the outbox, recorded exactly once after the replay, duplicated (a second row, or counted twice on the item). */
export type BrowserOutbox = { queued: number; replayed: number; duplicates: number }

/** The browser's upload as sent (its answers, whether it waited in the outbox) and stored: rows of that file for the browser's visitor, and whether their objects are all in the bucket. */
export type BrowserUploadResult = BrowserUpload & { stored: number; inBucket: boolean }

/**
 * The drill's result: one row per drill, the front door checks, the whole run's acknowledged writes, and the
 * browser's votes over the whole run (cast: seen on the wire or in its outbox; recorded: stored once with its choice).
 */
export type DrillResult = {
  rows: DrillRow[]
  frontDoor: { http2: boolean; hostCookie: boolean; sessionResumed: boolean; forwardedFor: boolean }
  acknowledged: { votes: number; uploads: number }
  browser: { cast: number; recorded: number; duplicates: number; errors: string[] }
}

/** A port nothing listens on right now, chosen by the OS. */
function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = probe.port!
  probe.stop(true)
  return port
}

/** Runs argv and resolves with its output; rejects with the output when it exits non-zero. */
async function run(argv: string[], env?: Record<string, string>): Promise<string> {
  const proc = Bun.spawn(argv, { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, ...env } })
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  if (code !== 0) throw new Error(`${argv.join(' ')} exited ${code}: ${out}${err}`)
  return out + err
}

/** Polls check() every 50 ms until it is true; rejects after timeoutMs naming what. */
async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await Bun.sleep(50)
  }
}

/** A PostgreSQL cluster of the drill's own in a temp folder (as the postgres user when run as root): url, pid() (the postmaster's, 0 while down), down() (stop -m fast), up(), stop() (and remove). */
async function startPostgres(): Promise<{ url: string; pid(): number; down(): Promise<void>; up(): Promise<void>; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'hotvote-drill-pg-'))
  const asRoot = process.getuid?.() === 0
  const as = (argv: string[]) => (asRoot ? ['runuser', '-u', 'postgres', '--', ...argv] : argv)
  if (asRoot) {
    const { uid, gid } = await run(['id', '-u', 'postgres']).then(async (u) => ({
      uid: Number(u),
      gid: Number(await run(['id', '-g', 'postgres'])),
    }))
    chownSync(dir, uid, gid)
  }
  chmodSync(dir, 0o700)
  const data = join(dir, 'data')
  const port = freePort()
  await run(as([`${PG_BIN}/initdb`, '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']))
  const pgCtl = (...args: string[]) =>
    run(
      as([
        `${PG_BIN}/pg_ctl`,
        '-D',
        data,
        '-l',
        join(dir, 'log'),
        '-w',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        ...args,
      ]),
    )
  await pgCtl('start')
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pid: () => {
      try {
        return Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
      } catch {
        return 0
      }
    },
    down: () => pgCtl('stop', '-m', 'fast').then(() => {}),
    up: () => pgCtl('start').then(() => {}),
    stop: async () => {
      await pgCtl('stop', '-m', 'immediate').catch(() => {})
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A TCP proxy on 127.0.0.1 to targetPort that can go away (down(): its port refuses, open connections are cut) and come back (up()). */
async function outageProxy(targetPort: number) {
  const open = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1')
    for (const s of [client, upstream]) open.add(s), s.on('close', () => open.delete(s)), s.on('error', () => {})
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
    client.pipe(upstream).pipe(client)
  })
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  await listen(0)
  const port = (server.address() as net.AddressInfo).port
  return {
    port,
    down: () => new Promise<void>((resolve) => (server.close(() => resolve()), open.forEach((s) => s.destroy()))),
    up: () => listen(port),
    close: () => (open.forEach((s) => s.destroy()), server.close()),
  }
}

/** One HotVote instance (server/main.ts) on port; exited resolves with its exit code. */
type Instance = { port: number; proc: Subprocess; exited: Promise<number>; log(): string }

/** Starts server/main.ts on port with env and resolves once its /api/ready answers 200. */
async function startInstance(port: number, env: Record<string, string>, dataRoot: string): Promise<Instance> {
  const dataDir = join(dataRoot, `instance-${port}-${Date.now()}`)
  mkdirSync(dataDir, { recursive: true })
  const proc = Bun.spawn(['bun', 'run', join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  let output = ''
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) output = (output + new TextDecoder().decode(chunk)).slice(-20_000)
  }
  void collect(proc.stdout as ReadableStream<Uint8Array>)
  void collect(proc.stderr as ReadableStream<Uint8Array>)
  const instance = { port, proc, exited: proc.exited, log: () => output }
  await until(
    `the instance on port ${port} to be ready`,
    async () => {
      if (proc.exitCode !== null) throw new Error(`instance on ${port} exited ${proc.exitCode}: ${output}`)
      return fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (r) => r.status === 200,
        () => false,
      )
    },
    60_000,
  )
  return instance
}

/**
 * docs/operations/nginx.conf made runnable here: listen on port (https) and httpPort, the drill's certificate, the
 * upstream's four ports, the running user and files under dir. Everything else is the shipped recipe.
 */
export function drillNginxConfig(opts: { dir: string; port: number; httpPort: number; upstreamPorts: number[]; user: string }): string {
  let conf = readFileSync(join(ROOT, 'docs', 'operations', 'nginx.conf'), 'utf8')
  const swap = (from: string | RegExp, to: string) => {
    const next = conf.replace(from, to)
    if (next === conf) throw new Error(`docs/operations/nginx.conf no longer has ${from}`)
    conf = next
  }
  swap(/^user .*;$/m, `user ${opts.user};`)
  swap(/^pid .*;$/m, `pid ${join(opts.dir, 'nginx.pid')};`)
  swap('listen 443 ssl http2;', `listen 127.0.0.1:${opts.port} ssl http2;`)
  swap('listen 80;', `listen 127.0.0.1:${opts.httpPort};`)
  swap('/etc/ssl/hotvote/fullchain.pem', join(opts.dir, 'cert.pem'))
  swap('/etc/ssl/hotvote/privkey.pem', join(opts.dir, 'key.pem'))
  let slot = 0
  conf = conf.replace(/server 127\.0\.0\.1:300\d/g, () => `server 127.0.0.1:${opts.upstreamPorts[slot++]}`)
  if (slot !== opts.upstreamPorts.length)
    throw new Error(`docs/operations/nginx.conf has ${slot} upstream servers, not ${opts.upstreamPorts.length}`)
  return conf.replace(
    /^http \{$/m,
    `http {\n    client_body_temp_path ${join(opts.dir, 'body')};\n    proxy_temp_path ${join(opts.dir, 'proxy')};`,
  )
}

/** Starts nginx (prefix dir, the drill config, error log in dir, daemon off): its master's pid, the certificate; stop() ends it. */
async function startNginx(dir: string, conf: string, port: number) {
  writeFileSync(join(dir, 'nginx.conf'), conf)
  await run([
    'openssl',
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=localhost',
    '-days',
    '1',
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'cert.pem'),
  ])
  const base = [NGINX, '-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')]
  await run([...base, '-t'])
  const proc = Bun.spawn([...base, '-g', 'daemon off;'], { stdout: 'ignore', stderr: 'pipe' })
  await until('nginx to listen', () =>
    fetch(`https://localhost:${port}/api/health`, { tls: { rejectUnauthorized: false } }).then(
      () => true,
      () => false,
    ),
  )
  return {
    pid: proc.pid,
    cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    stop: async () => {
      proc.kill('SIGQUIT')
      await proc.exited
    },
  }
}

/**
 * Counters of the load; a drill's row is the difference of two snapshots. offered: request starts the schedule called
 * for; sent: requests sent (a 503 retried is sent again); carried: requests answered 2xx (after their retries); failed:
 * another status, no answer or an answer cut off; retried503: 503s with Retry-After waited out; missed: starts the
 * schedule called for while MAX_IN_FLIGHT requests were open (never sent); latencies: each carried request's time
 * from its first send to its answer, ms, with when it ended (performance.now()).
 */
type Counters = {
  offered: number
  sent: number
  carried: number
  failed: number
  retried503: number
  missed: number
  failures: string[]
  latencies: { at: number; ms: number }[]
}

/** Requests the load keeps open at most; a start the schedule calls for beyond them is missed. */
const MAX_IN_FLIGHT = 1000
/** An upload is due every so many ms of the schedule. */
const UPLOAD_EVERY_MS = 500

/**
 * The load, open loop: requests start on a schedule of rate per second through base, whatever the answers before
 * them, so a slower site shows as requests open longer (and, past MAX_IN_FLIGHT, as missed starts), not as fewer
 * offered. Each start sends the next request of some client: an admin export of the votes when one is due (every
 * exportEverySeconds, none while held or one is open; 0: never), else an upload when one is due (a small unique
 * picture with an Idempotency-Key, five per uploader session), else the next step of a visitor waiting for its turn
 * (new session, its queue, a vote on each item with an Idempotency-Key), or a new visitor when none waits.
 * The rate rises evenly from 0 over the first rampSeconds, so connections and pools open as a site's traffic grows,
 * not all in its first second. A 503 with Retry-After is sent again after that many seconds (up to 60 s); any other
 * non-2xx, or no answer, is failed.
 */
function startLoad(base: string, rate: number, exportEverySeconds: number, rampSeconds: number) {
  const counters: Counters = { offered: 0, sent: 0, carried: 0, failed: 0, retried503: 0, missed: 0, failures: [], latencies: [] }
  const ackVotes: { userId: number; mediaId: number }[] = []
  const ackUploads: number[] = []
  const exports: { at: number; ms: number; bytes: number }[] = []
  let running = true
  let inFlight = 0
  let exportsHeld = false
  let exportInFlight = false
  const origin = new URL(base).origin
  /**
   * Sends one request (again after a 503 with Retry-After) and reads its whole answer; answers the headers and body
   * of a 2xx, else undefined (counted failed: another status, no answer, or an answer cut off).
   */
  const send = async (method: string, path: string, init: { body?: () => BodyInit; headers?: Record<string, string> } = {}) => {
    const first = performance.now()
    const deadline = Date.now() + 60_000
    for (;;) {
      counters.sent++
      let status = 0
      try {
        const res = await fetch(`${base}${path}`, {
          method,
          body: init.body?.(),
          headers: { origin, 'sec-fetch-site': 'same-origin', 'x-requested-with': 'fetch', ...init.headers },
          tls: { rejectUnauthorized: false },
        })
        status = res.status
        const body = await res.text()
        const retryAfter = res.headers.get('retry-after')
        if (res.status === 503 && retryAfter && Date.now() < deadline) {
          counters.retried503++
          await Bun.sleep(Number(retryAfter) * 1000)
          continue
        }
        if (res.ok) {
          const at = performance.now()
          counters.carried++
          counters.latencies.push({ at, ms: at - first })
          return { headers: res.headers, body }
        }
        counters.failed++
        counters.failures.push(`${method} ${path}: ${res.status} ${body.slice(0, 160)}`)
        return undefined
      } catch (e) {
        counters.failed++
        counters.failures.push(`${method} ${path}: ${status ? `${status}, answer cut off` : 'no answer'} (${(e as Error).message})`)
        return undefined
      }
    }
  }
  const json = (r: { body: string } | undefined) => (r ? JSON.parse(r.body) : undefined)
  const session = async () => {
    const sessionId = crypto.randomUUID().replaceAll('-', '')
    const r = await send('POST', '/api/session', {
      body: () => JSON.stringify({ sessionId }),
      headers: { 'content-type': 'application/json' },
    })
    return r && { cookie: r.headers.get('set-cookie')?.split(';')[0] ?? '', userId: (json(r) as { id: number }).id }
  }

  /** Visitor steps waiting for a start, oldest first: each sends one request and queues the visitor's next step. */
  const visitors: (() => Promise<void>)[] = []
  const newVisitor = async () => {
    const user = await session()
    if (user) visitors.push(() => queue(user))
  }
  const queue = async (user: { cookie: string; userId: number }) => {
    const items = (json(await send('GET', `/api/media/queue/${user.userId}?limit=10`, { headers: { cookie: user.cookie } })) ?? []) as {
      id: number
    }[]
    if (items.length) visitors.push(() => vote(user, items, 0))
  }
  const vote = async (user: { cookie: string; userId: number }, items: { id: number }[], i: number) => {
    const v = { userId: user.userId, mediaId: items[i].id, isHot: Math.random() < 0.5 }
    const key = crypto.randomUUID()
    const answer = await send('POST', '/api/votes', {
      body: () => JSON.stringify(v),
      headers: { cookie: user.cookie, 'content-type': 'application/json', 'idempotency-key': key },
    })
    if (answer) ackVotes.push({ userId: v.userId, mediaId: v.mediaId })
    if (i + 1 < items.length) visitors.push(() => vote(user, items, i + 1))
  }
  /** The uploader session in use and the uploads left on it; a due upload without one starts a session instead. */
  let uploader: { cookie: string; userId: number; left: number } | undefined
  let uploaderStarting = false
  const upload = async () => {
    if (!uploader) {
      if (uploaderStarting) return newVisitor()
      uploaderStarting = true
      const user = await session()
      uploaderStarting = false
      if (user) uploader = { ...user, left: 5 }
      return
    }
    const user = uploader
    if (--user.left === 0) uploader = undefined
    const picture = await uniquePicture()
    const key = crypto.randomUUID()
    const form = () => {
      const f = new FormData()
      f.append('userId', String(user.userId))
      f.append('file', new Blob([picture], { type: 'image/png' }), `drill-${key}.png`)
      return f
    }
    const answer = json(await send('POST', '/api/media/upload', { body: form, headers: { cookie: user.cookie, 'idempotency-key': key } }))
    if (answer) ackUploads.push(answer.media.id)
  }
  const exportVotes = async () => {
    exportInFlight = true
    const t0 = performance.now()
    const r = await send('GET', '/api/admin/export-votes', { headers: { authorization: ADMIN_AUTH } })
    if (r) exports.push({ at: performance.now(), ms: performance.now() - t0, bytes: r.body.length })
    exportInFlight = false
  }

  const t0 = performance.now()
  let started = 0
  let nextExportAt = t0
  let nextUploadAt = t0
  /** The step the next start sends: a due export, else a due upload, else the oldest waiting visitor or a new one. */
  const nextStep = (now: number): (() => Promise<void>) => {
    if (exportEverySeconds > 0 && now >= nextExportAt && !exportsHeld && !exportInFlight) {
      nextExportAt = now + exportEverySeconds * 1000
      return exportVotes
    }
    if (now >= nextUploadAt) {
      nextUploadAt += UPLOAD_EVERY_MS
      return upload
    }
    return visitors.shift() ?? newVisitor
  }
  const schedule = setInterval(() => {
    const now = performance.now()
    const t = (now - t0) / 1000
    const due = Math.floor(t < rampSeconds ? (rate * t * t) / (2 * rampSeconds) : rate * (t - rampSeconds / 2))
    for (; running && started < due; started++) {
      counters.offered++
      if (inFlight >= MAX_IN_FLIGHT) {
        counters.missed++
        continue
      }
      inFlight++
      void nextStep(now)().finally(() => inFlight--)
    }
  }, 5)
  return {
    counters,
    ackVotes,
    ackUploads,
    exports,
    /** Lets the export in flight finish and starts no other until releaseExports(). */
    holdExports: async () => {
      exportsHeld = true
      await until('the export in flight to end', () => !exportInFlight, 120_000)
    },
    releaseExports: () => void (exportsHeld = false),
    /** Starts nothing more and resolves once every open request has its answer. */
    stop: async () => {
      running = false
      clearInterval(schedule)
      await until('the load to finish its open requests', () => inFlight === 0, 120_000)
    },
  }
}

/** A 32x32 PNG of random pixels: every upload is a new file (the site refuses a file it already holds). */
const uniquePicture = () =>
  sharp(Buffer.from(crypto.getRandomValues(new Uint8Array(32 * 32 * 3))), { raw: { width: 32, height: 32, channels: 3 } })
    .png()
    .toBuffer()

/** Seconds until a vote and an upload through base both succeed at first try (no 503), polled from now. */
async function secondsToFullService(base: string, probe: { cookie: string; userId: number; mediaIds: number[] }): Promise<number> {
  const t0 = performance.now()
  const headers = { cookie: probe.cookie, 'sec-fetch-site': 'same-origin', 'x-requested-with': 'fetch' }
  const ok = async () => {
    // A vote repeated after a failure stores nothing twice, so the probe keeps its item until a round succeeds.
    const mediaId = probe.mediaIds[0]
    if (mediaId === undefined) throw new Error('the recovery probe ran out of items to vote on')
    const vote = await fetch(`${base}/api/votes`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: probe.userId, mediaId, isHot: true }),
      tls: { rejectUnauthorized: false },
    }).then(
      (r) => r.ok,
      () => false,
    )
    if (!vote) return false
    const form = new FormData()
    form.append('userId', String(probe.userId))
    form.append('file', new Blob([await uniquePicture()], { type: 'image/png' }), 'probe.png')
    const uploaded = await fetch(`${base}/api/media/upload`, {
      method: 'POST',
      headers,
      body: form,
      tls: { rejectUnauthorized: false },
    }).then(
      (r) => r.ok,
      () => false,
    )
    if (uploaded) probe.mediaIds.shift()
    return uploaded
  }
  await until('full service', ok, 120_000)
  return Math.round((performance.now() - t0) / 100) / 10
}

/** Runs the four drills as the module comment says and answers their rows; cleans up everything it started. */
export async function runDrill(opts: DrillOptions): Promise<DrillResult> {
  const dir = mkdtempSync(join(tmpdir(), 'hotvote-drill-'))
  const cleanups: (() => unknown)[] = [() => rmSync(dir, { recursive: true, force: true })]
  try {
    const pg = await startPostgres()
    cleanups.push(() => pg.stop())
    const s3: TestS3 = await startS3rver('hotvote-drill')
    cleanups.push(() => s3.stop())
    const bucketProxy = await outageProxy(Number(new URL(s3.endpoint).port))
    cleanups.push(() => bucketProxy.close())
    const slots = [freePort(), freePort(), freePort(), freePort()]
    const httpsPort = freePort()
    const base = `https://localhost:${httpsPort}`
    const env = {
      DATABASE_URL: pg.url,
      ...s3.env,
      S3_ENDPOINT: `http://127.0.0.1:${bucketProxy.port}`,
      PUBLIC_URL: base,
      TRUSTED_PROXY: '127.0.0.1',
      SHUTDOWN_DRAIN_SECONDS: '1',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      UPLOADS_PER_VISITOR_PER_HOUR: '100000',
      UPLOADS_PER_ADDRESS_PER_HOUR: '100000',
      SESSIONS_PER_ADDRESS_PER_HOUR: '100000',
      UPLOAD_QUOTA_MB: '100000',
      DMCA_RATE_LIMIT_PER_HOUR: '1',
    }
    const instances: Instance[] = []
    cleanups.push(() => Promise.all(instances.map((i) => (i.proc.kill('SIGKILL'), i.exited))))
    const start = async (port: number) => {
      const instance = await startInstance(port, env, dir)
      instances.push(instance)
      return instance
    }
    // The first instance alone applies the migrations, then the second joins.
    let live = [await start(slots[0])]
    live.push(await start(slots[1]))
    const user = process.getuid?.() === 0 ? 'root' : (process.env.USER ?? 'nobody')
    const nginx = await startNginx(
      dir,
      drillNginxConfig({ dir, port: httpsPort, httpPort: freePort(), upstreamPorts: slots, user }),
      httpsPort,
    )
    cleanups.push(() => nginx.stop())
    opts.log(`nginx at ${base} in front of instances on ${slots.slice(0, 2).join(', ')} (spare ${slots.slice(2).join(', ')})`)

    const frontDoor = await checkFrontDoor(base, dir)
    opts.log(`front door: ${JSON.stringify(frontDoor)}`)

    // Items to vote on, uploaded before the load starts.
    const seeder = await newVisitor(base)
    const seeded: number[] = []
    for (let i = 0; i < 20; i++) seeded.push(await uploadThrough(base, seeder))
    // The recovery probe votes on items of its own.
    const probeOwner = await newVisitor(base)
    const probeItems: number[] = []
    for (let i = 0; i < 12; i++) probeItems.push(await uploadThrough(base, probeOwner))
    const probe = { ...(await newVisitor(base)), mediaIds: probeItems }

    const browser: BrowserVisitor = await startBrowserVisitor(base)
    cleanups.push(() => browser.stop())
    opts.log(`${clockTime()} browser visitor ${browser.userId} is rating`)
    const load = startLoad(base, opts.loadRate, opts.exportEverySeconds, opts.settleSeconds)
    // The load rises to its rate over its first settleSeconds: the first drill's window starts after them.
    await Bun.sleep(opts.settleSeconds * 1000)
    const rows: DrillRow[] = []
    const cpuGroups = () => ({ instances: live.map((i) => i.proc.pid), postgres: [pg.pid()], nginx: [nginx.pid], load: [process.pid] })
    /**
     * Runs act under load between two settle periods (the drill's window) and makes its row from the load's counters at
     * the window's start and end, plus what act measures (seconds to full service); then waits for the browser's
     * outbox to drain and checks the votes it queued in the window, and the upload it made, if any.
     */
    let answerWhileDown: string | null = null
    let browserUpload: BrowserUpload | null = null
    const drill = async (name: string, act: () => Promise<number | null>) => {
      answerWhileDown = null
      browserUpload = null
      const windowStart = Date.now()
      const before = { ...load.counters, failures: [...load.counters.failures] }
      const latenciesBefore = load.counters.latencies.length
      const exportsBefore = load.exports.length
      const cpuBefore = cpuReading(cpuGroups(), process.pid)
      const t0 = performance.now()
      await Bun.sleep(opts.settleSeconds * 1000)
      opts.log(`${clockTime()} drill: ${name}`)
      const recoverySeconds = await act()
      await Bun.sleep(opts.settleSeconds * 1000)
      const cpu = cpuBetween(cpuBefore, cpuReading(cpuGroups(), process.pid))
      const seconds = (performance.now() - t0) / 1000
      const c = { ...load.counters }
      const latencies = c.latencies.slice(latenciesBefore).map((l) => l.ms)
      const exports = load.exports.slice(exportsBefore)
      const failures = c.failures.slice(before.failures.length)
      await browser.drained(120_000).catch((e: Error) => failures.push(`browser: ${e.message}`))
      const queued = browser.queuedBetween(windowStart, Date.now())
      const browserOutbox = await checkBrowserVotes(pg.url, browser.userId, queued)
      const upload = browserUpload && (await checkBrowserUpload(pg.url, s3, browser.userId, browserUpload))
      const row: DrillRow = {
        drill: name,
        seconds: Math.round(seconds * 10) / 10,
        offeredPerSecond: Math.round((c.offered - before.offered) / seconds),
        carriedPerSecond: Math.round((c.carried - before.carried) / seconds),
        requests: c.sent - before.sent,
        failed: c.failed - before.failed,
        retried503: c.retried503 - before.retried503,
        missed: c.missed - before.missed,
        p99Ms: Math.round(percentile(latencies, 0.99)),
        lostVotes: 0,
        lostUploads: 0,
        recoverySeconds,
        answerWhileDown,
        browserOutbox,
        browserUpload: upload,
        cpu: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, Math.round(v * 100) / 100])),
        exports: {
          count: exports.length,
          meanMs: Math.round(exports.reduce((a, e) => a + e.ms, 0) / (exports.length || 1)),
          meanBytes: Math.round(exports.reduce((a, e) => a + e.bytes, 0) / (exports.length || 1)),
        },
        failures,
      }
      const siteCores = (cpu.instances ?? 0) + (cpu.postgres ?? 0) + (cpu.nginx ?? 0)
      opts.log(
        `${clockTime()} ${name}: ${row.seconds} s, offered ${row.offeredPerSecond} req/s, carried ${row.carriedPerSecond} req/s, p50 ${Math.round(percentile(latencies, 0.5))} ms, p99 ${row.p99Ms} ms; ` +
          `site CPU ${((siteCores / Math.max(1, row.carriedPerSecond)) * 1000).toFixed(2)} ms per carried request; ` +
          `cores busy ${JSON.stringify(row.cpu)}; exports ${row.exports.count} (mean ${row.exports.meanMs} ms, ${row.exports.meanBytes} bytes); ` +
          `browser outbox ${browserOutboxText(browserOutbox)}${upload ? `; browser upload ${browserUploadText(upload)}` : ''}`,
      )
      rows.push(row)
    }

    await drill('rolling upgrade of both instances', async () => {
      const spare = [slots[2], slots[3]]
      for (let i = 0; i < 2; i++) {
        const old = live[i]
        const next = await start(spare[i])
        old.proc.kill('SIGTERM')
        const code = await old.exited
        if (code !== 0) throw new Error(`the old instance on ${old.port} exited ${code}: ${old.log()}`)
        live[i] = next
      }
      return null
    })
    // An export streams its rows as it reads them: once its headers went, a database that goes away can only cut it
    // (the admin asks again), so the database restart and the kill come between two exports. The database stays down
    // until the browser has queued a vote, so its outbox has something to replay.
    await drill('PostgreSQL restart (pg_ctl stop -m fast, start)', async () => {
      await load.holdExports()
      // An item on screen, its file loaded, ready to rate as the database goes: the browser's next vote meets the
      // outage. (An item whose file is still loading could fail to load without the database, and be skipped.)
      await browser.holdOnVotableItem(120_000)
      const downAt = Date.now()
      await pg.down()
      browser.release()
      await browser.waitForQueued(downAt, 120_000)
      await pg.up()
      const seconds = await secondsToFullService(base, probe)
      load.releaseExports()
      return seconds
    })
    // The bucket stays away for the outage and at least until the browser's upload, sent while it is away, has had
    // its first answer, so the upload meets the outage whatever the machine's pace.
    await drill(`bucket unreachable for ${opts.outageSeconds} s`, async () => {
      const downAt = performance.now()
      await bucketProxy.down()
      answerWhileDown = await uploadAnswer(base, probe)
      const since = Date.now()
      browserUpload = await browser.upload(join(FIXTURES, BROWSER_UPLOAD))
      await browser.waitForUploadAnswer(since, 120_000)
      await Bun.sleep(Math.max(0, opts.outageSeconds * 1000 - (performance.now() - downAt)))
      await bucketProxy.up()
      return secondsToFullService(base, probe)
    })
    await drill('kill -9 of one instance', async () => {
      // Between two exports, once the last one's instance has freed its job lock: a kill before that leaves the lock
      // to expire (JOB_LOCK_MS), and exports answer 409 meanwhile.
      await load.holdExports()
      const sql = new SQL({ url: pg.url, max: 1 })
      await until('the export lock to be free', async () => (await sql`select 1 from job_locks where name = 'voteExport'`).length === 0)
      await sql.close()
      const victim = live[0]
      victim.proc.kill('SIGKILL')
      await victim.exited
      live = live.slice(1)
      const seconds = await secondsToFullService(base, probe)
      load.releaseExports()
      return seconds
    })
    await load.stop()
    await browser.stop()

    // Every acknowledged vote and upload is stored (and each upload's object is in the bucket).
    const sql = new SQL({ url: pg.url, max: 2 })
    try {
      const votes = new Set(
        (await sql`select user_id, media_id from votes`).map((r: { user_id: number; media_id: number }) => `${r.user_id}:${r.media_id}`),
      )
      const stored = new Map<number, string>(
        (await sql`select id, storage_key from media`).map((r: { id: number; storage_key: string }) => [Number(r.id), r.storage_key]),
      )
      const { createS3Storage } = await import('../server/storage/s3-storage')
      const bucket = createS3Storage(s3.storageOptions)
      const lostVotes = load.ackVotes.filter((v) => !votes.has(`${v.userId}:${v.mediaId}`)).length
      let lostUploads = 0
      for (const id of load.ackUploads) {
        const key = stored.get(id)
        if (!key || !(await bucket.head(key))) lostUploads++
      }
      // Writes are checked once at the end: a loss is reported on every row, since the drills share one database.
      for (const row of rows) (row.lostVotes = lostVotes), (row.lostUploads = lostUploads)
    } finally {
      await sql.close()
    }
    const cast = [...browser.votes.values()]
    const all = await checkBrowserVotes(pg.url, browser.userId, cast)
    void seeded
    return {
      rows,
      frontDoor,
      acknowledged: { votes: load.ackVotes.length, uploads: load.ackUploads.length },
      browser: { cast: cast.length, recorded: all.replayed, duplicates: all.duplicates, errors: browser.errors },
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {})
  }
}

/**
 * Checks the browser's votes in the database at url: queued: how many; replayed: those stored exactly once for userId
 * with their choice; duplicates: those stored more than once, or whose item's vote counter (kept by triggers) differs
 * from its rows. One statement per read, so the counters and rows are of one snapshot while the load goes on.
 */
async function checkBrowserVotes(url: string, userId: number, votes: BrowserVote[]): Promise<BrowserOutbox> {
  if (votes.length === 0) return { queued: 0, replayed: 0, duplicates: 0 }
  const sql = new SQL({ url, max: 1 })
  try {
    const ids = votes.map((v) => v.mediaId)
    const stored = (await sql`select media_id, is_hot from votes where user_id = ${userId} and media_id in ${sql(ids)}`) as {
      media_id: number
      is_hot: boolean
    }[]
    const miscounted = new Set(
      (
        (await sql`select id from media m where id in ${sql(ids)}
          and total_votes <> (select count(*) from votes v where v.media_id = m.id)`) as { id: number }[]
      ).map((r) => Number(r.id)),
    )
    let replayed = 0
    let duplicates = 0
    for (const vote of votes) {
      const rows = stored.filter((r) => Number(r.media_id) === vote.mediaId)
      if (rows.length > 1 || miscounted.has(vote.mediaId)) duplicates++
      else if (rows.length === 1 && rows[0].is_hot === vote.isHot) replayed++
    }
    return { queued: votes.length, replayed, duplicates }
  } finally {
    await sql.close()
  }
}

/** A drill's browser outbox as the table shows it: `queued 3, replayed 3, duplicates 0`. */
export const browserOutboxText = (b: BrowserOutbox) => `queued ${b.queued}, replayed ${b.replayed}, duplicates ${b.duplicates}`

/**
 * Checks the browser's upload in the database at url and in the bucket: the media rows of upload.file for userId, and
 * whether each row's object is in the bucket.
 */
async function checkBrowserUpload(url: string, s3: TestS3, userId: number, upload: BrowserUpload): Promise<BrowserUploadResult> {
  const sql = new SQL({ url, max: 1 })
  try {
    const rows = (await sql`select storage_key from media where user_id = ${userId} and original_name = ${upload.file}`) as {
      storage_key: string
    }[]
    const { createS3Storage } = await import('../server/storage/s3-storage')
    const bucket = createS3Storage(s3.storageOptions)
    let inBucket = rows.length > 0
    for (const row of rows) if (!(await bucket.head(row.storage_key))) inBucket = false
    return { ...upload, answers: [...upload.answers], stored: rows.length, inBucket }
  } finally {
    await sql.close()
  }
}

/** The browser's upload as the table shows it: `503 Retry-After: 2 x2, 201; queued; stored 1, in bucket`. */
export function browserUploadText(u: BrowserUploadResult): string {
  const runs: string[] = []
  for (let i = 0; i < u.answers.length; ) {
    let j = i
    while (j < u.answers.length && u.answers[j] === u.answers[i]) j++
    runs.push(j - i > 1 ? `${u.answers[i]} x${j - i}` : u.answers[i])
    i = j
  }
  return `${runs.join(', ') || 'no send'}; ${u.queued ? 'queued' : 'not queued'}; stored ${u.stored}${u.inBucket ? ', in bucket' : ', not in bucket'}`
}

/** The value below which share (0-1) of values fall (nearest rank); 0 for none. */
function percentile(values: number[], share: number): number {
  if (!values.length) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]
}

/** The status and Retry-After of one upload through base as visitor, e.g. `503 Retry-After: 2`. */
async function uploadAnswer(base: string, visitor: { cookie: string; userId: number }): Promise<string> {
  const form = new FormData()
  form.append('userId', String(visitor.userId))
  form.append('file', new Blob([await uniquePicture()], { type: 'image/png' }), 'probe.png')
  const r = await fetch(`${base}/api/media/upload`, {
    method: 'POST',
    headers: { cookie: visitor.cookie, 'sec-fetch-site': 'same-origin' },
    body: form,
    tls: { rejectUnauthorized: false },
  })
  await r.arrayBuffer()
  return `${r.status} Retry-After: ${r.headers.get('retry-after') ?? 'none'}`
}

/** A new visitor through base: its cookie and user id. */
async function newVisitor(base: string): Promise<{ cookie: string; userId: number }> {
  const r = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ sessionId: crypto.randomUUID().replaceAll('-', '') }),
    tls: { rejectUnauthorized: false },
  })
  if (r.status !== 200) throw new Error(`session through nginx: ${r.status} ${await r.text()}`)
  return { cookie: r.headers.get('set-cookie')!.split(';')[0], userId: ((await r.json()) as { id: number }).id }
}

/** Uploads a unique picture as visitor through base; answers the new item's id. */
async function uploadThrough(base: string, visitor: { cookie: string; userId: number }): Promise<number> {
  const form = new FormData()
  form.append('userId', String(visitor.userId))
  form.append('file', new Blob([await uniquePicture()], { type: 'image/png' }), 'seed.png')
  const r = await fetch(`${base}/api/media/upload`, {
    method: 'POST',
    headers: { cookie: visitor.cookie, 'sec-fetch-site': 'same-origin' },
    body: form,
    tls: { rejectUnauthorized: false },
  })
  if (r.status !== 201) throw new Error(`upload through nginx: ${r.status} ${await r.text()}`)
  return ((await r.json()) as { media: { id: number } }).media.id
}

/**
 * The front door's own checks through nginx: the browser gets HTTP/2 (curl --http2), the session cookie is a
 * `__Host-` Secure cookie that resumes the session, and X-Forwarded-For reaches the server (TRUSTED_PROXY): two
 * clients on different loopback addresses each get their own per-address limit (DMCA_RATE_LIMIT_PER_HOUR=1).
 */
async function checkFrontDoor(base: string, dir: string): Promise<DrillResult['frontDoor']> {
  const head = await run(['curl', '-sk', '--http2', '-o', '/dev/null', '-w', '%{http_version}', `${base}/api/health`])
  const session = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ sessionId: crypto.randomUUID().replaceAll('-', '') }),
    tls: { rejectUnauthorized: false },
  })
  const setCookie = session.headers.get('set-cookie') ?? ''
  const user = (await session.json()) as { id: number }
  const resumed = await fetch(`${base}/api/session`, {
    headers: { cookie: setCookie.split(';')[0], 'sec-fetch-site': 'same-origin' },
    tls: { rejectUnauthorized: false },
  })
  const takedown = JSON.stringify({
    complainantName: 'Rights Holder',
    complainantEmail: 'rights@example.com',
    copyrightOwner: 'Rights Holder',
    workDescription: 'My original photograph',
    infringementDescription: 'Uploaded without permission',
    infringingUrls: JSON.stringify([`${base}/x`]),
    goodFaithStatement: true,
    accuracyStatement: true,
    electronicSignature: 'Rights Holder',
  })
  const bodyFile = join(dir, 'takedown.json')
  writeFileSync(bodyFile, takedown)
  const file = (from: string) =>
    run([
      'curl',
      '-sk',
      '--interface',
      from,
      '-o',
      '/dev/null',
      '-w',
      '%{http_code}',
      '-H',
      'content-type: application/json',
      '--data-binary',
      `@${bodyFile}`,
      `${base}/api/dmca-takedown`,
    ])
  const statuses = [await file('127.0.0.2'), await file('127.0.0.2'), await file('127.0.0.3')]
  return {
    http2: head.trim() === '2',
    hostCookie: /^__Host-sid=/.test(setCookie) && /;\s*Secure/i.test(setCookie),
    sessionResumed: resumed.status === 200 && ((await resumed.json()) as { id: number }).id === user.id,
    forwardedFor: statuses.join(',') === '201,429,201',
  }
}

/** The table of rows as text, one line per drill. */
export function drillTable(rows: DrillRow[]): string {
  const head = [
    'drill',
    'window',
    'offered req/s',
    'carried req/s',
    'requests',
    'failed',
    'missed',
    'p99',
    '503 retried',
    'votes lost',
    'uploads lost',
    'upload while down',
    'full service after',
    'browser outbox',
    'browser upload',
  ]
  const lines = rows.map((r) => [
    r.drill,
    `${r.seconds} s`,
    String(r.offeredPerSecond),
    String(r.carriedPerSecond),
    String(r.requests),
    String(r.failed),
    String(r.missed),
    `${r.p99Ms} ms`,
    String(r.retried503),
    String(r.lostVotes),
    String(r.lostUploads),
    r.answerWhileDown ?? '-',
    r.recoverySeconds === null ? '-' : `${r.recoverySeconds} s`,
    browserOutboxText(r.browserOutbox),
    r.browserUpload ? browserUploadText(r.browserUpload) : '-',
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)))
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`
  return [fmt(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(fmt)].join('\n')
}

/**
 * The goals a drill misses (docs/operations.md "Failure drills"); empty when it meets them all. minRate: the
 * requests per second the site must carry over the drill's window.
 */
export function missedGoals(row: DrillRow, minRate: number): string[] {
  const missed: string[] = []
  if (row.carriedPerSecond < minRate) missed.push(`the site carried ${row.carriedPerSecond} req/s, under ${minRate}`)
  if (row.missed) missed.push(`${row.missed} requests the schedule called for were never sent (too many open)`)
  if (row.lostVotes || row.lostUploads) missed.push(`${row.lostVotes} votes and ${row.lostUploads} uploads lost`)
  if (row.failed && !row.drill.startsWith('kill')) missed.push(`${row.failed} failed requests`)
  if (row.recoverySeconds !== null && row.recoverySeconds > 5) missed.push(`full service only after ${row.recoverySeconds} s`)
  const answeredRetry = row.answerWhileDown?.startsWith('503 Retry-After: ') && !row.answerWhileDown.endsWith('none')
  if (row.answerWhileDown !== null && !answeredRetry) missed.push(`an upload while the part was away got ${row.answerWhileDown}`)
  const { queued, replayed, duplicates } = row.browserOutbox
  if (replayed < queued || duplicates) missed.push(`the browser queued ${queued} votes: ${browserOutboxText(row.browserOutbox)}`)
  const upload = row.browserUpload
  if (upload && (upload.stored !== 1 || !upload.inBucket || upload.answers.some((a) => a !== '201' && !/^503 Retry-After: \d+$/.test(a))))
    missed.push(`the browser's upload: ${browserUploadText(upload)}`)
  return missed
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      outage: { type: 'string', default: '30' },
      rate: { type: 'string', default: '240' },
      'export-every': { type: 'string', default: '30' },
      settle: { type: 'string', default: '5' },
    },
  })
  const result = await runDrill({
    outageSeconds: Number(values.outage),
    loadRate: Number(values.rate),
    exportEverySeconds: Number(values['export-every']),
    settleSeconds: Number(values.settle),
    log: (line) => console.log(line),
  })
  console.log(drillTable(result.rows))
  console.log(
    `acknowledged: ${result.acknowledged.votes} votes, ${result.acknowledged.uploads} uploads; front door: ${JSON.stringify(result.frontDoor)}`,
  )
  const { cast, recorded, duplicates, errors } = result.browser
  console.log(
    `browser: ${cast} votes cast, ${recorded} recorded exactly once, ${duplicates} duplicated; ${errors.length} rating-loop errors`,
  )
  for (const error of errors) console.log(`  browser: ${error}`)
  let missed = Object.values(result.frontDoor).includes(false) ? ['front door check failed'] : []
  if (recorded !== cast || duplicates) missed.push(`browser: ${cast - recorded} of ${cast} votes not recorded exactly once`)
  for (const row of result.rows) {
    for (const failure of row.failures.slice(0, 5)) console.log(`  ${row.drill}: ${failure}`)
    missed = missed.concat(missedGoals(row, 200).map((m) => `${row.drill}: ${m}`))
  }
  for (const m of missed) console.log(`MISSED: ${m}`)
  process.exit(missed.length ? 1 : 0)
}
