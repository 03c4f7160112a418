/**
 * `bun run bench -- --compare REF`: the working tree against a reference commit, measured in the same run on the same
 * machine. Each side is seeded by its own bench seeder with the same pseudo-random seed, then the rounds alternate
 * the sides (ref, head; head, ref; ...) so drift of the machine falls on both alike. Every round measures the random
 * item, the config read and the votes on each side with wrk; afterwards each side's export and idle RSS. The table
 * gives each figure's median over the rounds for both sides, head / ref of req/s and of CPU per request, and the
 * lowest and highest head / ref of CPU per request within one round (the rounds' spread; also in the JSON). With
 * database 'postgres' each side's seed is copied by its own `hotvote db copy` into a fresh database of its own on
 * TEST_DATABASE_URL's server (bench/lib/postgres.ts), dropped at the end, also when the run fails or is interrupted,
 * and the CPU per request adds the PostgreSQL backends' (from /proc); REF must have that copy and a PostgreSQL path.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { configRead, distinctVotes, perVisitorGet } from './lib/scripts'
import { cleanUpOnInterrupt, cpuMs, memoryMb, resetPeak, startHelloBaseline, startHotVote, type Running } from './lib/processes'
import { backendCpuSince, createBenchDatabase, type BenchDatabase } from './lib/postgres'
import { referenceTree, type SourceTree, workingTree } from './lib/source-tree'
import { runWrk, type LoadResult } from './lib/wrk'
import type { Seeded } from './lib/seed'
import { median } from './lib/report'

/** What one compare run does: media and votes seeded, seconds per wrk load, rounds per side, the database the servers run on. */
export type CompareOptions = {
  media: number
  votes: number
  seconds: number
  rounds: number
  database: 'sqlite' | 'postgres'
  json?: string
  /** Only the two read figures (random item, config read): no votes, no export, no idle RSS. */
  readsOnly?: boolean
}

const ADMIN_PASSWORD = 'bench-admin-password'
const ADMIN = `Basic ${btoa(`admin:${ADMIN_PASSWORD}`)}`
/** Connections of the votes load, as in the main bench. */
const VOTE_CONNECTIONS = 64
/**
 * Seconds of the same load run before each measured read and not counted: a server just started still loads modules
 * on first use, compiles its routes and JITs its code, work that would otherwise be charged to the first figure.
 */
const WARM_UP_SECONDS = 2
/** The seeders' pseudo-random seed: both sides get the same votes. */
const SEED = 20261124

/** One side of the comparison: its tree, its data folder, what its seeder made and its PostgreSQL database if any. */
type Side = { tree: SourceTree; dataDir: string; seeded?: Seeded; database?: BenchDatabase }
/**
 * One load figure of one round: requests/s, p99 ms, CPU per request (µs) of the server and of the PostgreSQL backends
 * (0 on SQLite), failed requests (errors and non-2xx) and every request wrk counted.
 */
type Sample = { rps: number; p99Ms: number; cpuUs: number; pgCpuUs: number; failed: number; requests: number }
/** The figures compared, by name. */
const FIGURES = ['GET /api/media/random/:userId', 'GET /api/vote-multiplier-config', 'POST /api/votes (distinct pairs, c=64)'] as const
/** The votes figure's place in FIGURES (and in each side's samples). */
const VOTES = FIGURES.indexOf('POST /api/votes (distinct pairs, c=64)')

/**
 * Seeds a SQLite database at path with tree's own bench/lib/seed.ts (its schema and session storage are its own),
 * Math.random replaced by a seeded generator so both sides hold the same votes. Throws with the seeder's stderr.
 */
function seedWith(tree: SourceTree, path: string, counts: { media: number; votes: number; fresh: number }): Seeded {
  const script = `
    let s = ${SEED} >>> 0
    Math.random = () => {
      s = (s + 0x6d2b79f5) >>> 0
      let t = Math.imul(s ^ (s >>> 15), 1 | s)
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    }
    const { seedDatabase } = await import(${JSON.stringify(join(tree.root, 'bench', 'lib', 'seed.ts'))})
    console.log(JSON.stringify(seedDatabase(${JSON.stringify(path)}, ${JSON.stringify(counts)})))`
  const out = Bun.spawnSync([tree.bun, '-e', script], { cwd: tree.root, stdout: 'pipe', stderr: 'pipe' })
  if (out.exitCode !== 0) throw new Error(`seeding with ${tree.label} failed: ${out.stderr.toString()}`)
  return JSON.parse(out.stdout.toString().trim().split('\n').at(-1)!) as Seeded
}

/**
 * wrk against server with script, answering the figures of one sample (the server's CPU, and that of the backends of
 * the PostgreSQL database databaseUrl when given, read from /proc). With warmUp, WARM_UP_SECONDS of the same load run
 * first, uncounted (for reads only: a vote script cast twice would vote on the same pairs again).
 */
async function sample(
  server: Running,
  script: string,
  opts: { seconds: number; connections?: number; warmUp?: boolean },
  databaseUrl?: string,
): Promise<Sample> {
  if (opts.warmUp) await runWrk(server.url, script, { threads: 2, ...opts, seconds: WARM_UP_SECONDS })
  const before = cpuMs(server.pid)
  const backends = databaseUrl ? await backendCpuSince(databaseUrl) : async () => 0
  const r: LoadResult = await runWrk(server.url, script, { threads: 2, ...opts })
  const perRequest = (ms: number) => (ms * 1000) / r.requests
  return {
    rps: r.rps,
    p99Ms: r.p99Ms,
    cpuUs: perRequest(cpuMs(server.pid) - before),
    pgCpuUs: perRequest(await backends()),
    failed: r.errors + r.non2xx,
    requests: r.requests,
  }
}

/** The lowest and highest of ratios, as `0.950-1.080` (one round: its ratio alone). */
const spread = (ratios: number[]) => {
  const [low, high] = [Math.min(...ratios), Math.max(...ratios)].map((x) => x.toFixed(3))
  return low === high ? low : `${low}-${high}`
}

/** Streams the votes export of server to nowhere; answers seconds, votes exported and the peak RSS during it (MB). */
async function exportFigure(server: Running): Promise<{ seconds: number; peakMb: number; ok: boolean }> {
  resetPeak(server.pid)
  const t0 = performance.now()
  const res = await fetch(`${server.url}/api/admin/export-votes`, { headers: { authorization: ADMIN } })
  for await (const _ of res.body!);
  return { seconds: (performance.now() - t0) / 1000, peakMb: memoryMb(server.pid).peak, ok: res.status === 200 }
}

/** Runs the comparison of the working tree against ref and prints its table; answers the rows it printed. */
export async function compareWithReference(ref: string, opts: CompareOptions) {
  const sides: Side[] = [referenceTree(ref), workingTree()].map((tree) => ({
    tree,
    dataDir: mkdtempSync(join(tmpdir(), 'hotvote-bench-compare-')),
  }))
  const figures = opts.readsOnly ? FIGURES.slice(0, 2) : FIGURES
  const samples = sides.map(() => figures.map(() => [] as Sample[]))
  const hello: number[] = []
  const running: Running[] = []
  const cleanUp = async () => {
    for (const s of running) await s.stop().catch(() => undefined)
    for (const side of sides) {
      await side.database?.drop()
      rmSync(side.dataDir, { recursive: true, force: true })
    }
  }
  cleanUpOnInterrupt(cleanUp)
  /** Starts side's server on its SQLite file or its PostgreSQL database. */
  const start = async (side: Side) => {
    const env: Record<string, string> = side.database ? { DATABASE_URL: side.database.url } : {}
    const server = await startHotVote(side.dataDir, ADMIN_PASSWORD, [], undefined, side.tree, env)
    running.push(server)
    return server
  }
  try {
    for (const side of sides) {
      console.log(`seeding ${side.tree.label}: ${opts.media.toLocaleString()} media, ${opts.votes.toLocaleString()} votes...`)
      const file = join(side.dataDir, 'hotvote.sqlite')
      side.seeded = seedWith(side.tree, file, { media: opts.media, votes: opts.votes, fresh: 500 })
      if (opts.database === 'postgres') side.database = await createBenchDatabase(file, side.tree)
    }
    for (let round = 0; round < opts.rounds; round++) {
      const h = await startHelloBaseline()
      running.push(h)
      hello.push((await sample(h, 'request = function() return wrk.format("GET", "/hello") end', opts)).rps)
      await h.stop()
      for (const i of round % 2 ? [1, 0] : [0, 1]) {
        const side = sides[i]
        const seeded = side.seeded!
        const server = await start(side)
        const scripts = [
          perVisitorGet(seeded.visitors, (v) => `/api/media/random/${v.id}`, server.url),
          configRead,
          distinctVotes(seeded.visitors, seeded.media, server.url, round, opts.rounds),
        ].slice(0, figures.length)
        for (const [f, script] of scripts.entries())
          samples[i][f].push(
            await sample(
              server,
              script,
              { seconds: opts.seconds, connections: f === VOTES ? VOTE_CONNECTIONS : 32, warmUp: f !== VOTES },
              side.database?.url,
            ),
          )
        console.log(
          `round ${round + 1}/${opts.rounds} ${side.tree.label}: ${samples[i].map((s) => Math.round(s.at(-1)!.rps)).join(', ')} req/s`,
        )
        await server.stop()
      }
    }
    const finals = []
    for (const [i, side] of (opts.readsOnly ? [] : sides).entries()) {
      const server = await start(side)
      await Bun.sleep(1000)
      const idleMb = memoryMb(server.pid).rss
      // The seed's votes and every vote the rounds cast (distinct pairs: each answered vote is a new row).
      const votes = side.seeded!.votes + samples[i][VOTES].reduce((a, x) => a + x.requests - x.failed, 0)
      finals.push({ idleMb, export: await exportFigure(server), votes })
      await server.stop()
    }
    const rows = figures.map((figure, f) => {
      const [ref, head] = samples.map((s) => s[f])
      const fig = (xs: Sample[]) => ({
        rps: median(xs.map((x) => x.rps)),
        p99Ms: median(xs.map((x) => x.p99Ms)),
        cpuUs: median(xs.map((x) => x.cpuUs)),
        pgCpuUs: median(xs.map((x) => x.pgCpuUs)),
        failed: xs.reduce((a, x) => a + x.failed, 0),
        requests: xs.reduce((a, x) => a + x.requests, 0),
      })
      const total = (x: Sample) => x.cpuUs + x.pgCpuUs
      // Each round's own head / ref: the two sides of a round ran minutes apart at most, so the machine's drift
      // between rounds does not enter it; their spread is how far one run's ratio can be trusted.
      const rounds = head.map((h, r) => ({ ratio: h.rps / ref[r].rps, cpuRatio: total(h) / total(ref[r]) }))
      return {
        figure,
        ref: fig(ref),
        head: fig(head),
        ratio: fig(head).rps / fig(ref).rps,
        cpuRatio: total(fig(head)) / total(fig(ref)),
        rounds,
      }
    })
    const postgres = opts.database === 'postgres'
    const show = (x: Sample) =>
      `${Math.round(x.rps)} req/s, p99 ${x.p99Ms.toFixed(1)} ms, ${x.cpuUs.toFixed(0)} us CPU/req${postgres ? ` + ${x.pgCpuUs.toFixed(0)} us PostgreSQL` : ''}${x.failed ? `, ${x.failed} FAILED` : ''}`
    const [refLabel, headLabel] = sides.map((s) => s.tree.label)
    const table = [
      [
        `figure (median of rounds${postgres ? ', PostgreSQL' : ''})`,
        refLabel,
        headLabel,
        'head / ref',
        'CPU/req head / ref',
        'CPU/req head / ref by round (lowest-highest)',
      ],
      ...rows.map((r) => [
        r.figure,
        show(r.ref),
        show(r.head),
        r.ratio.toFixed(3),
        r.cpuRatio.toFixed(3),
        spread(r.rounds.map((x) => x.cpuRatio)),
      ]),
    ]
    if (finals.length)
      table.push(
        [
          'export-votes, s per 1M votes, peak RSS',
          ...finals.map(
            (x) =>
              `${((x.export.seconds * 1e6) / x.votes).toFixed(1)} s (${x.votes.toLocaleString('en')} votes), ${x.export.peakMb.toFixed(0)} MB${x.export.ok ? '' : ' FAILED'}`,
          ),
          (finals[1].export.seconds / finals[0].export.seconds).toFixed(3),
          '',
          '',
        ],
        [
          'server RSS idle after the rounds',
          ...finals.map((x) => `${x.idleMb.toFixed(0)} MB`),
          (finals[1].idleMb / finals[0].idleMb).toFixed(3),
          '',
          '',
        ],
      )
    const widths = table[0].map((_, c) => Math.max(...table.map((r) => r[c].length)))
    for (const [n, r] of table.entries()) {
      console.log(r.map((cell, c) => cell.padEnd(widths[c])).join(' | '))
      if (n === 0) console.log(widths.map((w) => '-'.repeat(w)).join('-|-'))
    }
    console.log(
      `hello baseline per round: ${hello.map(Math.round).join(', ')} req/s; ${opts.rounds} rounds of ${opts.seconds} s per load; ` +
        `req/s: above 1 head is faster; CPU per request (${postgres ? 'server and PostgreSQL backends, ' : ''}steadier on a shared machine), export time and RSS: below 1 head is better; load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(', ')}`,
    )
    const databases = sides.flatMap((side) => (side.database ? [new URL(side.database.url).pathname.slice(1)] : []))
    if (opts.json)
      await Bun.write(opts.json, JSON.stringify({ ref: refLabel, head: headLabel, ...opts, databases, hello, rows, finals }, null, 2))
    return { rows, finals, hello }
  } finally {
    await cleanUp()
  }
}
