/**
 * `bun run bench`: seeds a dataset, starts the real server as `npm start` does, and measures the hot
 * paths against baselines taken in the same run on the same machine, printing value, baseline, ratio and goal.
 * Flags: --media N (34000), --votes N (30 per item), --duration S (10, per load run), --json FILE (write results),
 * --upload-seed N (0: after the direct seed, N photos are uploaded over HTTP through the media pipeline before anything
 * is measured, as on a server after a day of uploads; bench/lib/upload-seed.ts), --no-client (skip the chromium figure).
 * Needs wrk (Debian: `apt-get install -y wrk`; scripts/ensure-test-packages.sh installs it). Ratios are the
 * figures that count: absolute values depend on the machine. Each load figure also shows the server's CPU time per
 * request (from /proc), which varies less than req/s when other processes share the cores. The client figure drives
 * Debian chromium on Fast 3G over a small dataset of real photos (bench/lib/client-figure.ts; needs `npm run build`).
 * --database postgres copies the seed into a fresh PostgreSQL database on TEST_DATABASE_URL's server (dropped at the
 * end; bench/lib/postgres.ts), --instances N (1) starts N servers on it and runs one wrk per instance at once with
 * its share of the connections; the votes baseline is then raw single-row INSERT transactions through Bun's SQL with
 * the server's pool size, CPU per request adds the PostgreSQL backends' (from /proc), and a second table compares in
 * --rounds N (3) alternated rounds one instance on SQLite (the same seed), one on PostgreSQL and, with --instances
 * above 1, N on PostgreSQL: config read against SQLite's, random and votes of N instances against one, and the CPU
 * per random item (instances and backends) against SQLite's; with N above 1 also at a paced load, the same for each
 * instance (its own connections, each waiting between requests, so no process waits for a core): the CPU per random
 * item of N instances against SQLite's, and per random item and per vote of N instances against one. --compare REF
 * (a commit or tag, such as wave-2) instead measures the working tree against REF in the same run, on --database's
 * database, --rounds alternated rounds per side (bench/compare.ts); with --reads only the random item and the config
 * read (no votes, no export).
 */
import { parseArgs } from 'node:util'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { seedDatabase } from './lib/seed'
import { runWrk, type LoadResult } from './lib/wrk'
import { configRead, distinctVotes, paced, perVisitorGet } from './lib/scripts'
import { cleanUpOnInterrupt, cpuMs, memoryMb, resetPeak, startHelloBaseline, startHotVote, type Running } from './lib/processes'
import { rawVoteInsertRate } from './lib/raw-inserts'
import { median, printTable, type Row } from './lib/report'
import { nextItemDelays } from './lib/client-figure'
import { seedThroughUploads } from './lib/upload-seed'
import { backendCpuSince, createBenchDatabase, rawPgVoteInsertRate, type BenchDatabase } from './lib/postgres'
import { compareWithReference } from './compare'

const { values: flags } = parseArgs({
  options: {
    media: { type: 'string', default: '34000' },
    votes: { type: 'string' },
    duration: { type: 'string', default: '10' },
    json: { type: 'string' },
    'upload-seed': { type: 'string', default: '0' },
    'no-client': { type: 'boolean', default: false },
    database: { type: 'string', default: 'sqlite' },
    instances: { type: 'string', default: '1' },
    compare: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    reads: { type: 'boolean', default: false },
  },
})
const MEDIA = Number(flags.media)
const VOTES = Number(flags.votes ?? MEDIA * 30)
const SECONDS = Number(flags.duration)
const UPLOAD_SEED = Number(flags['upload-seed'])
const POSTGRES = flags.database === 'postgres'
const INSTANCES = Number(flags.instances)
const ROUNDS = Number(flags.rounds)
if (!['sqlite', 'postgres'].includes(flags.database!) || !(INSTANCES >= 1) || (INSTANCES > 1 && !POSTGRES) || !(ROUNDS >= 1))
  throw new Error('--database is sqlite or postgres; --instances above 1 needs --database postgres; --rounds is 1 or more')
if (flags.reads && !flags.compare) throw new Error('--reads goes with --compare REF')
if (flags.compare) {
  if (INSTANCES > 1) throw new Error('--compare runs one instance per side: drop --instances')
  await compareWithReference(flags.compare, {
    media: MEDIA,
    votes: VOTES,
    seconds: SECONDS,
    rounds: ROUNDS,
    database: POSTGRES ? 'postgres' : 'sqlite',
    json: flags.json,
    readsOnly: flags.reads,
  })
  process.exit(0)
}
/** Votes connections of the votes figure (wrk -c). */
const VOTE_CONNECTIONS = 64
/**
 * The paced loads of the PostgreSQL comparison: each instance gets its own 32 connections (random item) or 64 (votes),
 * each waiting this long after an answer, ms, so every instance is offered at most 2,000 req/s or 2,000 votes/s, well
 * below what one serves, and two instances twice that. With cores to spare and the same load per instance, CPU per
 * request shows what a second instance costs the first and the database, not the queue for 2 cores.
 */
const PACE_MS = { random: 16, votes: 32 }
/** wrk connections per instance of the random item's and the config read's loads (split among the instances at full load). */
const READ_CONNECTIONS = 32
/** How long the server idles after the upload seed before its RSS is read, ms: the pipeline's idle release runs within it. */
const SETTLE_MS = 5000
/** Votes cast on the rate screen for the client figure. */
const CLIENT_VOTES = 5
const ADMIN_PASSWORD = 'bench-admin-password'
const ADMIN = `Basic ${btoa(`admin:${ADMIN_PASSWORD}`)}`

/** runWrk against server, also answering the server's CPU time per request in µs (steadier than req/s on a shared machine). */
async function load(server: Running, script: string, opts: { seconds: number; threads?: number; connections?: number }): Promise<Measured> {
  return loadAll([server], () => script, opts)
}

/** A load's figures: wrk's, and the CPU time per request in µs of the instances and of the PostgreSQL backends (0 on SQLite). */
type Measured = LoadResult & { cpuUs: number; pgCpuUs: number }

/**
 * One wrk per instance at once, each with its share of the connections and the script script(i) builds for instance
 * i; answers the summed requests and rates, the highest p99 of them and the CPU time per request of the instances
 * and, when databaseUrl is given, of that database's backends.
 */
async function loadAll(
  instances: Running[],
  script: (i: number) => string,
  opts: { seconds: number; threads?: number; connections?: number },
  databaseUrl?: string,
): Promise<Measured> {
  const before = instances.map((s) => cpuMs(s.pid))
  const backends = databaseUrl ? await backendCpuSince(databaseUrl) : async () => 0
  const share = Math.max(opts.threads ?? 2, Math.round((opts.connections ?? 32) / instances.length))
  const results = await Promise.all(instances.map((s, i) => runWrk(s.url, script(i), { ...opts, connections: share })))
  const sum = (f: (r: LoadResult) => number) => results.reduce((a, r) => a + f(r), 0)
  const cpu = instances.reduce((a, s, i) => a + cpuMs(s.pid) - before[i], 0)
  const pgCpu = await backends()
  return {
    rps: sum((r) => r.rps),
    p99Ms: Math.max(...results.map((r) => r.p99Ms)),
    errors: sum((r) => r.errors),
    non2xx: sum((r) => r.non2xx),
    requests: sum((r) => r.requests),
    cpuUs: (cpu * 1000) / sum((r) => r.requests),
    pgCpuUs: (pgCpu * 1000) / sum((r) => r.requests),
  }
}

/** Streams GET /api/admin/export-votes to nowhere; answers seconds, bytes and the server's peak RSS during it (MB). */
async function measureExport(server: Running) {
  resetPeak(server.pid)
  const t0 = performance.now()
  const res = await fetch(`${server.url}/api/admin/export-votes`, { headers: { authorization: ADMIN } })
  let bytes = 0
  for await (const chunk of res.body!) bytes += chunk.length
  return { seconds: (performance.now() - t0) / 1000, bytes, peakMb: memoryMb(server.pid).peak, status: res.status }
}

/** Calls POST /api/admin/populate-votes until done or SECONDS pass; answers votes inserted per second. */
async function measurePopulation(server: Running) {
  const t0 = performance.now()
  let last = 0
  for (;;) {
    const res = (await (
      await fetch(`${server.url}/api/admin/populate-votes`, { method: 'POST', headers: { authorization: ADMIN } })
    ).json()) as { totalVotesInserted: number; paused: boolean }
    last = res.totalVotesInserted
    if (!res.paused || performance.now() - t0 > SECONDS * 1000) break
  }
  return last / ((performance.now() - t0) / 1000)
}

const dataDir = mkdtempSync(join(tmpdir(), 'hotvote-bench-'))
const servers: Running[] = []
let database: BenchDatabase | undefined
cleanUpOnInterrupt(() =>
  Promise.all(servers.map((s) => s.stop()))
    .then(() => database?.drop())
    .finally(() => rmSync(dataDir, { recursive: true, force: true })),
)
/** The environment of the measured servers: the bench's PostgreSQL database, or none for the SQLite file in dataDir. */
const serverEnv = (): Record<string, string> => (database ? { DATABASE_URL: database.url } : {})
/** Starts n HotVote servers on dataDir with env and adds them to those stopped at the end. */
async function startInstances(n: number, env: Record<string, string>) {
  const started = await Promise.all(Array.from({ length: n }, () => startHotVote(dataDir, ADMIN_PASSWORD, [], undefined, undefined, env)))
  servers.push(...started)
  return started
}
/**
 * Vote pair partitions: one per instance of the main loads, and per instance of each round of the PostgreSQL
 * comparison twice (its votes at full load and paced).
 */
const VOTE_PARTS = INSTANCES + (POSTGRES ? 2 * ROUNDS * (1 + (INSTANCES > 1 ? INSTANCES : 0)) : 0)
try {
  console.log(`seeding ${MEDIA.toLocaleString()} media and ${VOTES.toLocaleString()} votes...`)
  const seeded = seedDatabase(join(dataDir, 'hotvote.sqlite'), { media: MEDIA, votes: VOTES, fresh: 500 })
  const raw = rawVoteInsertRate(join(dataDir, 'hotvote.sqlite'), seeded, Math.min(SECONDS, 5))
  if (POSTGRES) {
    console.log('copying the seed into PostgreSQL...')
    database = await createBenchDatabase(join(dataDir, 'hotvote.sqlite'))
    raw.perTransaction = await rawPgVoteInsertRate(database.url, seeded, Math.min(SECONDS, 5))
  }

  const hello = await startHelloBaseline()
  servers.push(hello)
  const helloRun = await load(hello, 'request = function() return wrk.format("GET", "/hello") end', { seconds: SECONDS })
  await hello.stop()

  // The upload seed is one visitor on one address: the limits must let all of it through.
  if (UPLOAD_SEED)
    Object.assign(process.env, {
      UPLOADS_PER_VISITOR_PER_HOUR: '999999',
      UPLOADS_PER_ADDRESS_PER_HOUR: '999999',
      UPLOAD_QUOTA_MB: '9999999',
    })
  const instances = await startInstances(INSTANCES, serverEnv())
  const server = instances[0]
  const idleRss = memoryMb(server.pid).rss
  let uploadSeed: { stored: number; seconds: number; rss: number; cpuMsPerUpload: number } | undefined
  if (UPLOAD_SEED) {
    console.log(`uploading ${UPLOAD_SEED.toLocaleString()} photos through the media pipeline...`)
    const cpu0 = cpuMs(server.pid)
    const seeded = await seedThroughUploads(
      server.url,
      UPLOAD_SEED,
      (n) => n % 500 === 0 && console.log(`  ${n} uploaded, RSS ${memoryMb(server.pid).rss.toFixed(0)} MB`),
    )
    const cpuMsPerUpload = (cpuMs(server.pid) - cpu0) / UPLOAD_SEED
    await Bun.sleep(SETTLE_MS)
    uploadSeed = { ...seeded, cpuMsPerUpload, rss: memoryMb(server.pid).rss }
  }
  /**
   * The random item on the instances on, from each visitor in turn: READ_CONNECTIONS in all, or with pace that many per
   * instance, each at PACE_MS.random.
   */
  const randomLoad = (on: Running[], url?: string, pace = false) =>
    loadAll(
      on,
      (i) => {
        const script = perVisitorGet(seeded.visitors, (v) => `/api/media/random/${v.id}`, on[i].url)
        return pace ? paced(script, PACE_MS.random) : script
      },
      { seconds: SECONDS, connections: READ_CONNECTIONS * (pace ? on.length : 1) },
      url,
    )
  const configLoad = (on: Running[], url?: string) =>
    loadAll(on, () => configRead, { seconds: SECONDS, connections: READ_CONNECTIONS }, url)
  /**
   * Votes on distinct pairs from the partitions firstPart onwards, one per instance: VOTE_CONNECTIONS in all, or with
   * pace that many per instance, each at PACE_MS.votes.
   */
  const votesLoad = (on: Running[], firstPart: number, url?: string, pace = false) =>
    loadAll(
      on,
      (i) => {
        const script = distinctVotes(seeded.visitors, MEDIA, on[i].url, firstPart + i, VOTE_PARTS)
        return pace ? paced(script, PACE_MS.votes) : script
      },
      {
        seconds: SECONDS,
        threads: 2,
        connections: VOTE_CONNECTIONS * (pace ? on.length : 1),
      },
      url,
    )
  /**
   * The same-run comparison of the PostgreSQL bench on database url: ROUNDS rounds, each running every setup in turn
   * (the order reversed every other round): one instance on the SQLite file (random item, config read), one instance on
   * PostgreSQL and, with INSTANCES above 1, INSTANCES on it (random item, config read, votes). With INSTANCES above 1
   * every setup also serves the random item, and each PostgreSQL one the votes, at the paced load (PACE_MS). Answers its
   * table's rows, medians of the rounds.
   */
  const compareSetups = async (url: string): Promise<Row[]> => {
    const setups = [
      { label: 'SQLite, 1 instance', n: 1, postgres: false },
      { label: 'PostgreSQL, 1 instance', n: 1, postgres: true },
      ...(INSTANCES > 1 ? [{ label: `PostgreSQL, ${INSTANCES} instances`, n: INSTANCES, postgres: true }] : []),
    ]
    const runs = setups.map(() => ({
      random: [] as Measured[],
      config: [] as Measured[],
      votes: [] as Measured[],
      pacedRandom: [] as Measured[],
      pacedVotes: [] as Measured[],
    }))
    let part = INSTANCES
    for (let round = 0; round < ROUNDS; round++) {
      const order = setups.map((_, k) => k)
      if (round % 2) order.reverse()
      for (const k of order) {
        const { n, postgres, label } = setups[k]
        const db = postgres ? url : undefined
        const on = await startInstances(n, postgres ? { DATABASE_URL: url } : {})
        runs[k].random.push(await randomLoad(on, db))
        runs[k].config.push(await configLoad(on, db))
        if (postgres) runs[k].votes.push(await votesLoad(on, part, db))
        part += postgres ? n : 0
        if (INSTANCES > 1) {
          runs[k].pacedRandom.push(await randomLoad(on, db, true))
          if (postgres) runs[k].pacedVotes.push(await votesLoad(on, part, db, true))
          part += postgres ? n : 0
        }
        await Promise.all(on.map((s) => s.stop()))
        const rps = [runs[k].random, runs[k].config, runs[k].votes].map((r) => (r.length ? Math.round(r.at(-1)!.rps) : '-'))
        console.log(`round ${round + 1}/${ROUNDS} ${label}: random, config, votes ${rps.join(', ')} req/s`)
      }
    }
    const mid = (xs: Measured[]) => ({
      rps: median(xs.map((x) => x.rps)),
      p99Ms: median(xs.map((x) => x.p99Ms)),
      cpuUs: median(xs.map((x) => x.cpuUs + x.pgCpuUs)),
      pgCpuUs: median(xs.map((x) => x.pgCpuUs)),
      failed: xs.reduce((a, x) => a + x.errors + x.non2xx, 0),
    })
    const show = (x: ReturnType<typeof mid>, unit = 'req/s') =>
      `${Math.round(x.rps)} ${unit}, p99 ${x.p99Ms.toFixed(1)} ms, ${x.cpuUs.toFixed(1)} us CPU/req (${x.pgCpuUs.toFixed(1)} of it PostgreSQL)${x.failed ? `, ${x.failed} FAILED` : ''}`
    const midOrNone = (xs: Measured[]) => (xs.length ? mid(xs) : undefined)
    const [sqlite, one, many] = runs.map((r) => ({
      random: mid(r.random),
      config: mid(r.config),
      votes: midOrNone(r.votes),
      pacedRandom: midOrNone(r.pacedRandom),
      pacedVotes: midOrNone(r.pacedVotes),
    }))
    const of = ` (medians of ${ROUNDS} alternated rounds)`
    const rows: Row[] = [
      {
        figure: `GET /api/vote-multiplier-config, PostgreSQL / SQLite, 1 instance${of}`,
        value: show(one.config),
        baseline: `SQLite ${show(sqlite.config)}`,
        ratio: one.config.rps / sqlite.config.rps,
        goal: '>= 0.80',
        met: one.config.rps / sqlite.config.rps >= 0.8 && !one.config.failed,
      },
    ]
    for (const [label, pg] of [[setups[1].label, one], ...(many ? [[setups[2].label, many] as const] : [])] as const)
      rows.push({
        figure: `CPU per random item, ${label} (instances + backends) / SQLite${of}`,
        value: show(pg.random),
        baseline: `SQLite ${show(sqlite.random)}`,
        ratio: pg.random.cpuUs / sqlite.random.cpuUs,
        goal: '<= 2.00',
        met: pg.random.cpuUs / sqlite.random.cpuUs <= 2 && !pg.random.failed,
      })
    if (many) {
      for (const figure of ['random', 'votes'] as const) {
        const [a, b] = [many[figure]!, one[figure]!]
        rows.push({
          figure: `${figure === 'random' ? 'GET /api/media/random/:userId' : `POST /api/votes (c=${VOTE_CONNECTIONS})`}, ${INSTANCES} instances / 1 on PostgreSQL${of}`,
          value: show(a),
          baseline: `1 instance ${show(b)}`,
          ratio: a.rps / b.rps,
          goal: '>= 0.90',
          met: a.rps / b.rps >= 0.9 && !a.failed && !b.failed,
        })
      }
      // At the paced load no process waits for a core, so these ratios hold on a machine with fewer cores than processes;
      // each instance is offered the same load, so N instances serve N times one instance's requests.
      const [a, b] = [many.pacedRandom!, sqlite.pacedRandom!]
      rows.push({
        figure: `CPU per random item at a paced load, ${setups[2].label} (instances + backends) / SQLite${of}`,
        value: show(a),
        baseline: `SQLite ${show(b)}`,
        ratio: a.cpuUs / b.cpuUs,
        goal: '<= 2.00',
        met: a.cpuUs / b.cpuUs <= 2 && !a.failed && !b.failed,
      })
      // A second instance that costs nothing: CPU per request within 1 / 0.9 of one instance's.
      for (const figure of ['pacedRandom', 'pacedVotes'] as const) {
        const [x, y] = [many[figure]!, one[figure]!]
        const unit = figure === 'pacedRandom' ? 'req/s' : 'votes/s'
        rows.push({
          figure: `CPU per ${figure === 'pacedRandom' ? 'random item' : 'vote'} at a paced load, ${INSTANCES} instances / 1 on PostgreSQL${of}`,
          value: show(x, unit),
          baseline: `1 instance ${show(y, unit)}`,
          ratio: x.cpuUs / y.cpuUs,
          goal: '<= 1.11',
          met: x.cpuUs / y.cpuUs <= 1 / 0.9 && !x.failed && !y.failed,
        })
      }
    }
    return rows
  }
  const random = await randomLoad(instances, database?.url)
  const config = await configLoad(instances, database?.url)
  const votes = await votesLoad(instances, 0, database?.url)
  const loadedRss = Math.max(...instances.map((s) => memoryMb(s.pid).rss))
  const exported = await measureExport(server)
  const population = await measurePopulation(server)
  await Promise.all(instances.map((s) => s.stop()))
  const sameRun = database ? await compareSetups(database.url) : undefined
  // Needs the built client (npm run build) and Debian chromium; without them the row says so.
  const canRunClient =
    !flags['no-client'] && existsSync(join(import.meta.dir, '..', 'client', 'dist', 'index.html')) && existsSync('/usr/bin/chromium')
  const client = canRunClient ? await nextItemDelays(CLIENT_VOTES) : undefined

  const cpu = (r: Measured) => `${r.cpuUs.toFixed(1)} us CPU/req${database ? ` + ${r.pgCpuUs.toFixed(1)} us PostgreSQL` : ''}`
  const bad = (r: LoadResult) => (r.errors || r.non2xx ? ` (${r.errors} errors, ${r.non2xx} non-2xx)` : '')
  // PostgreSQL goals: its votes baseline is a network round trip per transaction, not a local fsync-free write.
  const goals = POSTGRES ? { random: 0.25, votes: 0.7 } : { random: 0.4, votes: 1.5 }
  const exportPerMillion = (exported.seconds * 1e6) / (seeded.votes + votes.requests)
  const on = POSTGRES ? ` [PostgreSQL, ${INSTANCES} instance${INSTANCES > 1 ? 's' : ''}]` : ''
  const rows: Row[] = [
    {
      figure: `GET /api/media/random/:userId${on}`,
      value: `${Math.round(random.rps)} req/s, p99 ${random.p99Ms.toFixed(1)} ms, ${cpu(random)}${bad(random)}`,
      baseline: `hello ${Math.round(helloRun.rps)} req/s, ${cpu(helloRun)}`,
      ratio: random.rps / helloRun.rps,
      goal: `>= ${goals.random.toFixed(2)}, p99 <= 10 ms`,
      met: random.rps / helloRun.rps >= goals.random && random.p99Ms <= 10 && !bad(random),
    },
    {
      figure: `GET /api/vote-multiplier-config${on}`,
      value: `${Math.round(config.rps)} req/s, ${cpu(config)}${bad(config)}`,
      baseline: `hello ${Math.round(helloRun.rps)} req/s, ${cpu(helloRun)}`,
      ratio: config.rps / helloRun.rps,
      goal: '>= 0.60',
      met: config.rps / helloRun.rps >= 0.6 && !bad(config),
    },
    {
      figure: `POST /api/votes (distinct pairs, c=${VOTE_CONNECTIONS})${on}`,
      value: `${Math.round(votes.rps)} votes/s, p99 ${votes.p99Ms.toFixed(1)} ms, ${cpu(votes)}${bad(votes)}`,
      baseline: `raw ${POSTGRES ? 'PostgreSQL single-row transactions, pool of 10,' : 'insert'} ${Math.round(raw.perTransaction)} rows/s`,
      ratio: votes.rps / raw.perTransaction,
      goal: `>= ${goals.votes}, p99 <= 25 ms`,
      met: votes.rps / raw.perTransaction >= goals.votes && votes.p99Ms <= 25 && !bad(votes),
    },
    {
      figure: `GET /api/admin/export-votes (${(seeded.votes + votes.requests).toLocaleString()} votes)`,
      value: `${exported.seconds.toFixed(1)} s (${exportPerMillion.toFixed(1)} s per 1M votes), peak RSS ${exported.peakMb.toFixed(0)} MB`,
      baseline: '',
      goal: '<= 10 s per 1M votes, <= 150 MB',
      met: exported.status === 200 && exportPerMillion <= 10 && exported.peakMb <= 150,
    },
    {
      figure: 'POST /api/admin/populate-votes',
      value: `${Math.round(population)} votes/s`,
      baseline: `5,000-row batches ${Math.round(raw.batched)} rows/s`,
      ratio: population / raw.batched,
      goal: '>= 25,000 votes/s',
      met: population >= 25_000,
    },
    client
      ? {
          figure: 'next item on screen after the result display (chromium, Fast 3G)',
          value: `max ${Math.max(...client.delays).toFixed(1)} ms over ${client.delays.length} votes (first item, cold: ${client.firstMs.toFixed(0)} ms)`,
          baseline: '',
          goal: '<= 100 ms',
          met: client.delays.length === CLIENT_VOTES && Math.max(...client.delays) <= 100,
        }
      : {
          figure: 'next item on screen after the result display (chromium, Fast 3G)',
          value: 'not measured: needs npm run build and /usr/bin/chromium',
          baseline: '',
          goal: '<= 100 ms',
          met: false,
        },
    ...(uploadSeed
      ? [
          {
            figure: `server RSS after ${UPLOAD_SEED.toLocaleString()} uploads, idle, before the loads`,
            value: `${uploadSeed.rss.toFixed(0)} MB (${uploadSeed.stored} stored in ${uploadSeed.seconds.toFixed(0)} s, ${uploadSeed.cpuMsPerUpload.toFixed(0)} ms CPU per upload)`,
            baseline: `${idleRss.toFixed(0)} MB before them`,
            goal: '<= 100 MB',
            met: uploadSeed.stored === UPLOAD_SEED && uploadSeed.rss <= 100,
          },
        ]
      : []),
    {
      figure: 'server RSS idle / after load',
      value: `${idleRss.toFixed(0)} / ${loadedRss.toFixed(0)} MB`,
      baseline: '',
      goal: '<= 100 MB',
      met: Math.max(idleRss, loadedRss) <= 100,
    },
  ]
  printTable(rows)
  if (sameRun) {
    console.log('')
    printTable(sameRun)
  }
  console.log(
    `load average (1, 5, 15 min): ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  )
  if (flags.json)
    await Bun.write(
      flags.json,
      JSON.stringify(
        {
          database: flags.database,
          instances: INSTANCES,
          media: MEDIA,
          votes: seeded.votes,
          uploadSeed: UPLOAD_SEED,
          loadAverage: loadavg(),
          seconds: SECONDS,
          rounds: ROUNDS,
          rows,
          sameRun,
        },
        null,
        2,
      ),
    )
} finally {
  for (const s of servers) await s.stop().catch(() => undefined)
  await database?.drop()
  rmSync(dataDir, { recursive: true, force: true })
}
