/**
 * The PostgreSQL side of `bun run bench -- --database postgres`: a fresh database hv_bench_<random> on
 * TEST_DATABASE_URL's server (default postgres://root@127.0.0.1:5432/test) filled from the seeded SQLite file by
 * `hotvote db copy` (server/db/copy-database.ts), dropped at the end, and the votes baseline of raw single-row
 * INSERT transactions through the server's driver (Bun's SQL) with a pool of the server's size.
 */
import { SQL } from 'bun'
import { join } from 'node:path'
import { POOL_SIZE } from '../../server/db/open-postgres'
import { cpuMs } from './processes'
import type { Seeded } from './seed'
import { type SourceTree, workingTree } from './source-tree'

/** A bench database: its url and drop(), which ends its sessions and drops it (safe to call twice). */
export type BenchDatabase = { url: string; drop(): Promise<void> }

/**
 * Creates hv_bench_<random> on TEST_DATABASE_URL's server and copies the SQLite file sqlitePath into it with tree's
 * own `hotvote db copy` (its schema and migrations; default the working tree). Throws when the copy fails.
 */
export async function createBenchDatabase(sqlitePath: string, tree: SourceTree = workingTree()): Promise<BenchDatabase> {
  const admin = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test')
  const name = `hv_bench_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`
  const server = new SQL(admin.toString(), { max: 1 })
  await server.unsafe(`create database ${name}`)
  const url = new URL(admin)
  url.pathname = `/${name}`
  let dropped = false
  const drop = async () => {
    if (dropped) return
    dropped = true
    await server.unsafe(`drop database if exists ${name} with (force)`)
    await server.close()
  }
  const copy = Bun.spawn([tree.bun, join(tree.root, 'server', 'db', 'copy-database.ts'), '--from', sqlitePath, '--to', url.toString()], {
    cwd: tree.root,
    stdout: 'ignore',
    stderr: 'inherit',
  })
  if ((await copy.exited) !== 0) {
    await drop()
    throw new Error(`copying the seeded database into ${name} failed`)
  }
  return { url: url.toString(), drop }
}

/**
 * Rows per second of one-row INSERT transactions into votes on url, `pool` of them at once (one per pooled
 * connection, as the server's requests run), over `seconds`; the rows are deleted afterwards.
 */
export async function rawPgVoteInsertRate(url: string, seeded: Seeded, seconds: number, pool = POOL_SIZE): Promise<number> {
  const sql = new SQL(url, { max: pool })
  const [{ first }] = await sql`select coalesce(max(id), 0) as first from votes`
  const visitors = seeded.visitors
  // Pairs from the end of the pair space, so they do not collide with the seeded votes or the load's votes.
  let pair = visitors.length * seeded.media - 1
  const t0 = performance.now()
  let rows = 0
  await Promise.all(
    Array.from({ length: pool }, async () => {
      while (performance.now() - t0 < seconds * 1000) {
        const p = pair--
        const userId = visitors[p % visitors.length].id
        const mediaId = (Math.floor(p / visitors.length) % seeded.media) + 1
        await sql.begin(
          (tx) =>
            tx`insert into votes (user_id, media_id, is_hot, created_at) values (${userId}, ${mediaId}, ${true}, ${new Date().toISOString()}) on conflict do nothing`,
        )
        rows++
      }
    }),
  )
  const rate = rows / ((performance.now() - t0) / 1000)
  await sql`delete from votes where id > ${first}`
  await sql.close()
  return rate
}

/**
 * CPU time (ms, from /proc) used so far by the PostgreSQL backends connected to url's database, or by the backends
 * pids when given (those read at the start of a measurement, so backends that ended since still count up to the
 * moment they are read); needs the server on this machine and /proc access to its processes.
 */
export async function backendCpuMs(url: string, pids?: number[]): Promise<{ ms: number; pids: number[] }> {
  const sql = new SQL(url, { max: 1 })
  const rows = await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`
  await sql.close()
  const all = [...new Set([...(pids ?? []), ...rows.map((r) => r.pid)])]
  let ms = 0
  for (const pid of all) ms += cpuOrZero(pid)
  return { ms, pids: all }
}

/** cpuMs(pid), or 0 once the process has ended. */
const cpuOrZero = (pid: number) => {
  try {
    return cpuMs(pid)
  } catch {
    return 0
  }
}

/**
 * Starts counting the CPU time of the backends connected to url's database; the function answered reads the ms they
 * used since (backends that connected meanwhile count whole: they started within the span).
 */
export async function backendCpuSince(url: string): Promise<() => Promise<number>> {
  const before = await backendCpuMs(url)
  return async () => (await backendCpuMs(url, before.pids)).ms - before.ms
}
