/**
 * Benchmark processes: the real server started as `npm start` starts it (server/main.ts, production mode) on a
 * loopback port over a prepared DATA_DIR, the bare Elysia baseline, and readings of a process's memory from /proc.
 */
import { join } from 'node:path'
import { readFileSync, writeFileSync } from 'node:fs'
import type { Subprocess } from 'bun'
import { ROOT, type SourceTree, workingTree } from './source-tree'

/**
 * The environment `npm start` gives the server before bun starts: each `NAME=${NAME:-default}` in front of
 * package.json's start script (BUN_JSC_forceRAMSize, the heap sizing), as its default.
 */
export function startScriptEnv(root = ROOT): Record<string, string> {
  const start = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start
  return Object.fromEntries([...start.matchAll(/(\w+)=\$\{\1:-([^}]*)\}/g)].map((m) => [m[1], process.env[m[1]] ?? m[2]]))
}

/** A started process on a loopback port: its base url, pid and stop(). */
export type Running = { url: string; pid: number; stop(): Promise<void> }

/** A free loopback port chosen by the OS. */
function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = probe.port!
  probe.stop(true)
  return port
}

/** Spawns cmd in cwd with env plus PORT, waits until path answers (at most 30 s), and answers the running process. */
async function spawnListening(cmd: string[], env: Record<string, string>, path: string, cwd = ROOT): Promise<Running> {
  const port = freePort()
  const proc: Subprocess = Bun.spawn(cmd, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port) },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  while (
    !(await fetch(url + path).then(
      (r) => r.status < 500,
      () => false,
    ))
  ) {
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`${cmd.join(' ')} did not start`)
    await Bun.sleep(50)
  }
  return { url, pid: proc.pid, stop: async () => (proc.kill(), void (await proc.exited)) }
}

/**
 * The real HotVote server of tree (default: the working tree) on dataDir (admin password `adminPassword`), in
 * production mode and with the environment of that tree's package.json start script, as `npm start` runs it;
 * bunFlags (for example --cpu-prof-md) go to bun, entry replaces server/main.ts (bench/lib/profiled-server.ts), env
 * is added to the environment (DATABASE_URL: the server runs on that PostgreSQL database).
 */
export const startHotVote = (
  dataDir: string,
  adminPassword: string,
  bunFlags: string[] = [],
  entry?: string,
  tree: SourceTree = workingTree(),
  env: Record<string, string> = {},
) =>
  spawnListening(
    [tree.bun, ...bunFlags, 'run', entry ?? join(tree.root, 'server', 'main.ts')],
    { ...startScriptEnv(tree.root), ...env, DATA_DIR: dataDir, ADMIN_PASSWORD: adminPassword, NODE_ENV: 'production' },
    '/api/site-settings',
    tree.root,
  )

/** The baseline: a bare Elysia app answering GET /hello with a small JSON object (bench/lib/hello-server.ts). */
export const startHelloBaseline = () => spawnListening(['bun', 'run', join(import.meta.dir, 'hello-server.ts')], {}, '/hello')

/** Resident memory of pid in MB: now (VmRSS) and peak (VmHWM). */
export function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (name: string) => Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))![1])
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}

/** Resets pid's peak RSS (VmHWM) to its current RSS, so a later peak belongs to what runs next (Linux clear_refs 5). */
export function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5')
}

/** CPU time pid has used so far (user + system), ms; per-request CPU is steadier than req/s on a shared machine. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

/**
 * On SIGINT or SIGTERM (Ctrl-C, a test runner's timeout) runs cleanUp (stop the servers started, drop the databases
 * made), then exits with 130, so an interrupted bench leaves nothing behind.
 */
export function cleanUpOnInterrupt(cleanUp: () => Promise<unknown>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanUp().finally(() => process.exit(130)))
}
