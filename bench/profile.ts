/**
 * CPU profile of the hot read routes under load: seeds a dataset like
 * `bun run bench`, starts the real server under Bun's --cpu-prof-md, drives one route with wrk, stops the server and
 * prints the profile's hottest functions (self time). Run by hand:
 * `bun bench/profile.ts --route config|random|votes [--media N] [--duration S] [--top N] [--plain] [--database postgres]`;
 * the full markdown profile stays in the printed directory. Also prints the server's CPU time per request, steadier
 * than req/s on a shared machine; --plain measures only that, without the profiler's overhead. --database postgres
 * runs the server on a copy of the seed in a fresh PostgreSQL database (bench/lib/postgres.ts) and also prints the CPU
 * time per request of the PostgreSQL backends serving it.
 */
import { parseArgs } from 'node:util'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seedDatabase } from './lib/seed'
import { runWrk } from './lib/wrk'
import { configRead, distinctVotes, perVisitorGet } from './lib/scripts'
import { cpuMs, startHotVote } from './lib/processes'
import { backendCpuMs, createBenchDatabase, type BenchDatabase } from './lib/postgres'

const { values: flags } = parseArgs({
  options: {
    route: { type: 'string', default: 'config' },
    media: { type: 'string', default: '34000' },
    duration: { type: 'string', default: '10' },
    top: { type: 'string', default: '25' },
    plain: { type: 'boolean', default: false },
    database: { type: 'string', default: 'sqlite' },
  },
})
const MEDIA = Number(flags.media)
const dataDir = mkdtempSync(join(tmpdir(), 'hotvote-profile-'))
const profileDir = mkdtempSync(join(tmpdir(), 'hotvote-cpu-prof-'))
let database: BenchDatabase | undefined
try {
  const seeded = seedDatabase(join(dataDir, 'hotvote.sqlite'), { media: MEDIA, votes: MEDIA * 30, fresh: 500 })
  if (flags.database === 'postgres') {
    database = await createBenchDatabase(join(dataDir, 'hotvote.sqlite'))
    process.env.DATABASE_URL = database.url
  }
  const server = flags.plain
    ? await startHotVote(dataDir, 'profile-admin-password')
    : await startHotVote(
        dataDir,
        'profile-admin-password',
        ['--cpu-prof-md', `--cpu-prof-dir=${profileDir}`],
        join(import.meta.dir, 'lib', 'profiled-server.ts'),
      )
  const scripts: Record<string, string> = {
    config: configRead,
    random: perVisitorGet(seeded.visitors, (v) => `/api/media/random/${v.id}`, server.url),
    votes: distinctVotes(seeded.visitors, MEDIA, server.url),
  }
  const script = scripts[flags.route!]
  if (!script) throw new Error(`--route must be one of ${Object.keys(scripts).join(', ')}`)
  const cpuBefore = cpuMs(server.pid)
  const pgBefore = database && (await backendCpuMs(database.url))
  const load = await runWrk(server.url, script, { seconds: Number(flags.duration) })
  const cpuPerRequestUs = ((cpuMs(server.pid) - cpuBefore) * 1000) / load.requests
  const pgPerRequestUs =
    database && pgBefore ? (((await backendCpuMs(database.url, pgBefore.pids)).ms - pgBefore.ms) * 1000) / load.requests : undefined
  await server.stop()
  const pg = pgPerRequestUs === undefined ? '' : `, PostgreSQL backends ${pgPerRequestUs.toFixed(1)} us/request`
  console.log(
    `${flags.route}: ${Math.round(load.rps)} req/s, p99 ${load.p99Ms.toFixed(1)} ms, server CPU ${cpuPerRequestUs.toFixed(1)} us/request${pg} (${load.errors} errors, ${load.non2xx} non-2xx)`,
  )
  if (!flags.plain) {
    const file = join(profileDir, readdirSync(profileDir).find((f) => f.endsWith('.md'))!)
    const hot = readFileSync(file, 'utf8').split('## Hot Functions')[1].split('## Call Tree')[0]
    console.log(
      hot
        .trim()
        .split('\n')
        .slice(0, Number(flags.top) + 3)
        .join('\n'),
    )
    console.log(`full profile: ${file}`)
  }
} finally {
  await database?.drop()
  rmSync(dataDir, { recursive: true, force: true })
}
