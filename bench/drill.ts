/**
 * `bun run drill`: failure drills of the production set-up on this machine, loopback only and bounded in time.
 * It starts a PostgreSQL cluster of its own (initdb into a temp folder, its own port; as the postgres user when run
 * as root), an S3 bucket (s3rver) behind a TCP proxy that can go away, two HotVote instances (server/main.ts) and
 * nginx with docs/operations/nginx.conf (ports, certificate and user replaced) over https with a self-signed
 * certificate. A steady mixed load through nginx (visitors starting sessions, fetching their queue and voting with an
 * Idempotency-Key, uploading pictures with one, an admin exporting the votes) runs while it plays, one after the other:
 * a rolling upgrade of both instances, a PostgreSQL restart (pg_ctl stop -m fast, then start once the browser below
 * has queued a vote), the bucket unreachable for --outage seconds, and a kill -9 of one instance. The client
 * retries a 503 that carries Retry-After (after that many seconds); anything else that is not 2xx, or no answer, is a
 * failed request.
 * Beside the load, a visitor in chromium rates items through nginx the whole time (bench/lib/drill-browser.ts): after
 * each drill the drill waits for the browser's offline outbox to drain and checks in the database that each vote it
 * queued during the drill was recorded exactly once. After the load it checks that every acknowledged vote and upload
 * is in the database (and each upload's object in the bucket) and prints a table per drill: requests, failed, 503s
 * retried, acknowledged writes lost, time to full service after the part's return, the browser outbox's votes.
 * Exits 1 when a drill misses the goals (docs/operations.md "Failure drills"). tests/drill.test.ts runs it shorter.
 */
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { SQL, type Subprocess } from 'bun'
import sharp from 'sharp'
import { startS3rver, type TestS3 } from '../tests/support/s3-server'
import { type BrowserVisitor, type BrowserVote, startBrowserVisitor } from './lib/drill-browser'

const ROOT = join(import.meta.dir, '..')
const PG_BIN = '/usr/lib/postgresql/15/bin'
/** Debian's nginx (not on a plain user's PATH), else whichever nginx PATH has. */
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx'
const ADMIN_PASSWORD = 'drill-admin-password'
const ADMIN_AUTH = `Basic ${btoa(`admin:${ADMIN_PASSWORD}`)}`

/** Options: outageSeconds (bucket away), loadRate (requests per second the client aims at), settleSeconds (load between drills), log (progress lines). */
export type DrillOptions = { outageSeconds: number; loadRate: number; settleSeconds: number; log: (line: string) => void }

/** One drill's row: requests per second in the steady load just before it, requests sent in its window (and per second), failed, 503s retried, acknowledged writes lost, seconds to full service (null: not measured). */
export type DrillRow = {
  drill: string
  steadyPerSecond: number
  requests: number
  perSecond: number
  failed: number
  retried503: number
  lostVotes: number
  lostUploads: number
  recoverySeconds: number | null
  /** What an upload through nginx got while the part was away (status and Retry-After), or null when not probed. */
  answerWhileDown: string | null
  /** The browser's votes that queued in the outbox during the drill, those recorded exactly once after its replay, and those stored twice or counted twice on their item. */
  browserOutbox: BrowserOutbox
  failures: string[]
}

/** A drill's browser votes: queued in the outbox, recorded exactly once after the replay, duplicated (a second row, or counted twice on the item). */
export type BrowserOutbox = { queued: number; replayed: number; duplicates: number }

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

/** A PostgreSQL cluster of the drill's own in a temp folder (as the postgres user when run as root): url, down() (stop -m fast), up(), stop() (and remove). */
async function startPostgres(): Promise<{ url: string; down(): Promise<void>; up(): Promise<void>; stop(): Promise<void> }> {
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

/** Starts nginx (prefix dir, the drill config, error log in dir, daemon off); stop() ends it. */
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
    cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    stop: async () => {
      proc.kill('SIGQUIT')
      await proc.exited
    },
  }
}

/** Counters of the load client; a drill's row is the difference of two snapshots. */
type Counters = { requests: number; failed: number; retried503: number; failures: string[] }

/**
 * The load: visitors (new session, their queue, a vote on each item with an Idempotency-Key), uploads of small unique
 * pictures with an Idempotency-Key, and an admin export of the votes, paced at rate requests per second through base.
 * A 503 with Retry-After is retried after that many seconds (up to 60 s); any other non-2xx, or no answer, is failed.
 */
function startLoad(base: string, rate: number) {
  const counters: Counters = { requests: 0, failed: 0, retried503: 0, failures: [] }
  const ackVotes: { userId: number; mediaId: number }[] = []
  const ackUploads: number[] = []
  let running = true
  let exportsHeld = false
  let exportInFlight = false
  let tokens = 0
  const pace = setInterval(() => (tokens = Math.min(rate, tokens + rate / 20)), 50)
  const permit = async () => {
    while (running && tokens < 1) await Bun.sleep(5)
    tokens--
  }
  const origin = new URL(base).origin
  /**
   * Sends one request (retrying 503 + Retry-After) and reads its whole answer; answers the headers and body of a 2xx,
   * else undefined (counted failed: another status, no answer, or an answer cut off).
   */
  const send = async (method: string, path: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}) => {
    const deadline = Date.now() + 60_000
    for (;;) {
      await permit()
      counters.requests++
      let status = 0
      try {
        const res = await fetch(`${base}${path}`, {
          method,
          body: init.body,
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
        if (res.ok) return { headers: res.headers, body }
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

  /** A visitor: session, queue, one vote per item (each acknowledged vote remembered). */
  const visitor = async () => {
    const sessionId = crypto.randomUUID().replaceAll('-', '')
    const r = await send('POST', '/api/session', { body: JSON.stringify({ sessionId }), headers: { 'content-type': 'application/json' } })
    if (!r) return
    const cookie = r.headers.get('set-cookie')?.split(';')[0] ?? ''
    const user = json(r)
    const queue = json(await send('GET', `/api/media/queue/${user.id}?limit=10`, { headers: { cookie } }))
    for (const item of (queue ?? []) as { id: number }[]) {
      if (!running) return
      const vote = { userId: user.id, mediaId: item.id, isHot: Math.random() < 0.5 }
      const answer = await send('POST', '/api/votes', {
        body: JSON.stringify(vote),
        headers: { cookie, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      })
      if (answer) ackVotes.push({ userId: vote.userId, mediaId: vote.mediaId })
    }
  }
  /** An uploader: session, then uploads of unique pictures with an Idempotency-Key (each acknowledged id remembered). */
  const uploader = async () => {
    const sessionId = crypto.randomUUID().replaceAll('-', '')
    const r = await send('POST', '/api/session', { body: JSON.stringify({ sessionId }), headers: { 'content-type': 'application/json' } })
    if (!r) return
    const cookie = r.headers.get('set-cookie')?.split(';')[0] ?? ''
    const user = json(r)
    for (let i = 0; i < 5 && running; i++) {
      const picture = await uniquePicture()
      const key = crypto.randomUUID()
      const form = new FormData()
      form.append('userId', String(user.id))
      form.append('file', new Blob([picture], { type: 'image/png' }), `drill-${key}.png`)
      const answer = json(await send('POST', '/api/media/upload', { body: form, headers: { cookie, 'idempotency-key': key } }))
      if (answer) ackUploads.push(answer.media.id)
      await Bun.sleep(500)
    }
  }
  const exporter = async () => {
    if (!exportsHeld) {
      exportInFlight = true
      await send('GET', '/api/admin/export-votes', { headers: { authorization: ADMIN_AUTH } })
      exportInFlight = false
    }
    await Bun.sleep(3000)
  }
  const loop = async (one: () => Promise<void>) => {
    while (running) await one()
  }
  const loops = [...Array.from({ length: 24 }, () => loop(visitor)), loop(uploader), loop(exporter)]
  return {
    counters,
    ackVotes,
    ackUploads,
    /** Lets the export in flight finish and starts no other until releaseExports(). */
    holdExports: async () => {
      exportsHeld = true
      await until('the export in flight to end', () => !exportInFlight, 120_000)
    },
    releaseExports: () => void (exportsHeld = false),
    stop: async () => {
      running = false
      await Promise.all(loops)
      clearInterval(pace)
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
    opts.log(`browser visitor ${browser.userId} is rating`)
    const load = startLoad(base, opts.loadRate)
    // The load's first seconds open its connections and sessions: the first drill's steady window starts after them.
    await Bun.sleep(opts.settleSeconds * 1000)
    const rows: DrillRow[] = []
    /**
     * Runs act under load and makes its row from the counters before and after, plus what recovered() measures; then
     * waits for the browser's outbox to drain and checks the votes it queued from the steady load before act on.
     */
    let answerWhileDown: string | null = null
    const drill = async (name: string, act: () => Promise<number | null>) => {
      answerWhileDown = null
      const windowStart = Date.now()
      const settled = load.counters.requests
      const settleStart = performance.now()
      await Bun.sleep(opts.settleSeconds * 1000)
      const steadyPerSecond = Math.round((load.counters.requests - settled) / ((performance.now() - settleStart) / 1000))
      const before = { ...load.counters, failures: [...load.counters.failures] }
      const t0 = performance.now()
      opts.log(`drill: ${name}`)
      const recoverySeconds = await act()
      await Bun.sleep(opts.settleSeconds * 1000)
      const seconds = (performance.now() - t0) / 1000
      const requests = load.counters.requests - before.requests
      const failures = load.counters.failures.slice(before.failures.length)
      await browser.drained(120_000).catch((e: Error) => failures.push(`browser: ${e.message}`))
      const queued = browser.queuedBetween(windowStart, Date.now())
      const browserOutbox = await checkBrowserVotes(pg.url, browser.userId, queued)
      opts.log(`browser outbox: ${browserOutboxText(browserOutbox)}`)
      rows.push({
        drill: name,
        requests,
        steadyPerSecond,
        perSecond: Math.round(requests / seconds),
        failed: load.counters.failed - before.failed,
        retried503: load.counters.retried503 - before.retried503,
        lostVotes: 0,
        lostUploads: 0,
        recoverySeconds,
        answerWhileDown,
        browserOutbox,
        failures,
      })
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
      const downAt = Date.now()
      await pg.down()
      await browser.waitForQueued(downAt, 120_000)
      await pg.up()
      const seconds = await secondsToFullService(base, probe)
      load.releaseExports()
      return seconds
    })
    await drill(`bucket unreachable for ${opts.outageSeconds} s`, async () => {
      const downAt = performance.now()
      await bucketProxy.down()
      answerWhileDown = await uploadAnswer(base, probe)
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
    'steady req/s',
    'requests',
    'req/s',
    'failed',
    '503 retried',
    'votes lost',
    'uploads lost',
    'upload while down',
    'full service after',
    'browser outbox',
  ]
  const lines = rows.map((r) => [
    r.drill,
    String(r.steadyPerSecond),
    String(r.requests),
    String(r.perSecond),
    String(r.failed),
    String(r.retried503),
    String(r.lostVotes),
    String(r.lostUploads),
    r.answerWhileDown ?? '-',
    r.recoverySeconds === null ? '-' : `${r.recoverySeconds} s`,
    browserOutboxText(r.browserOutbox),
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)))
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`
  return [fmt(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(fmt)].join('\n')
}

/** The goals a drill misses (docs/operations.md "Failure drills"); empty when it meets them all. */
export function missedGoals(row: DrillRow, minRate: number): string[] {
  const missed: string[] = []
  if (row.steadyPerSecond < minRate) missed.push(`the steady load of ${row.steadyPerSecond} req/s is under ${minRate}`)
  if (row.lostVotes || row.lostUploads) missed.push(`${row.lostVotes} votes and ${row.lostUploads} uploads lost`)
  if (row.failed && !row.drill.startsWith('kill')) missed.push(`${row.failed} failed requests`)
  if (row.recoverySeconds !== null && row.recoverySeconds > 5) missed.push(`full service only after ${row.recoverySeconds} s`)
  const answeredRetry = row.answerWhileDown?.startsWith('503 Retry-After: ') && !row.answerWhileDown.endsWith('none')
  if (row.answerWhileDown !== null && !answeredRetry) missed.push(`an upload while the part was away got ${row.answerWhileDown}`)
  const { queued, replayed, duplicates } = row.browserOutbox
  if (replayed < queued || duplicates) missed.push(`the browser queued ${queued} votes: ${browserOutboxText(row.browserOutbox)}`)
  return missed
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      outage: { type: 'string', default: '30' },
      rate: { type: 'string', default: '250' },
      settle: { type: 'string', default: '5' },
    },
  })
  const result = await runDrill({
    outageSeconds: Number(values.outage),
    loadRate: Number(values.rate),
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
  for (const error of errors.slice(0, 5)) console.log(`  browser: ${error}`)
  let missed = Object.values(result.frontDoor).includes(false) ? ['front door check failed'] : []
  if (recorded !== cast || duplicates) missed.push(`browser: ${cast - recorded} of ${cast} votes not recorded exactly once`)
  for (const row of result.rows) {
    for (const failure of row.failures.slice(0, 5)) console.log(`  ${row.drill}: ${failure}`)
    missed = missed.concat(missedGoals(row, 200).map((m) => `${row.drill}: ${m}`))
  }
  for (const m of missed) console.log(`MISSED: ${m}`)
  process.exit(missed.length ? 1 : 0)
}
