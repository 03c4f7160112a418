/**
 * Benchmark processes: the real server started as `npm start` starts it (server/main.ts, production mode) on a
 * loopback port over a prepared DATA_DIR, the bare Elysia baseline, and readings of a process's memory and CPU time
 * (alone, or by groups of processes) from /proc.
 */
import { join } from 'node:path'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
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

/** Each running process's parent pid, CPU time so far (user + system), ms, and that plus its reaped children's. */
function processTable(): Map<number, { ppid: number; cpuMs: number; withChildrenMs: number }> {
  const table = new Map<number, { ppid: number; cpuMs: number; withChildrenMs: number }>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')
      const own = Number(fields[11]) + Number(fields[12])
      const reaped = Number(fields[13]) + Number(fields[14])
      table.set(Number(entry), { ppid: Number(fields[1]), cpuMs: own * 10, withChildrenMs: (own + reaped) * 10 })
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return table
}

/** The machine's CPU time so far, ms of all cores together: busy (everything but idle and iowait) and total. */
function machineCpuMs(): { busy: number; total: number } {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number)
  const total = ticks.reduce((a, b) => a + b, 0)
  return { busy: ((total - ticks[3] - ticks[4]) * 1000) / 100, total: (total * 1000) / 100 }
}

/**
 * A reading of CPU time by group: for each group name, the pids of its roots (each root counts with all its
 * descendants that are not roots of another group, and with the children they reaped; restRoot, when a group names
 * it, counts alone, without the children it reaped); `rest` is the remaining descendants of restRoot. Subtract two
 * readings with cpuBetween(). A process that ended between the two readings is missing from the later one, so a
 * group's figure covers the processes alive at the later reading (and the children they reaped).
 */
export function cpuReading(groups: Record<string, number[]>, restRoot: number) {
  const table = processTable()
  const children = new Map<number, number[]>()
  for (const [pid, { ppid }] of table) children.set(ppid, [...(children.get(ppid) ?? []), pid])
  const owner = new Map<number, string>()
  const claim = (pid: number, name: string) => {
    if (owner.has(pid) || !table.has(pid)) return
    owner.set(pid, name)
    for (const child of children.get(pid) ?? []) claim(child, name)
  }
  for (const [name, roots] of Object.entries(groups)) for (const root of roots) owner.set(root, name)
  for (const [name, roots] of Object.entries(groups))
    for (const root of roots) if (root !== restRoot) for (const child of children.get(root) ?? []) claim(child, name)
  for (const child of children.get(restRoot) ?? []) claim(child, 'rest')
  const perPid = new Map<number, { group: string; cpuMs: number }>()
  for (const [pid, group] of owner) {
    const row = table.get(pid)
    if (row) perPid.set(pid, { group, cpuMs: pid === restRoot ? row.cpuMs : row.withChildrenMs })
  }
  return { at: performance.now(), machine: machineCpuMs(), perPid }
}

/**
 * CPU between two readings, in cores (CPU seconds per second): each group's, `machine` (every process on the
 * machine) and `others` (the machine less the groups).
 */
export function cpuBetween(before: ReturnType<typeof cpuReading>, after: ReturnType<typeof cpuReading>): Record<string, number> {
  const seconds = (after.at - before.at) / 1000
  const cores: Record<string, number> = {}
  let ours = 0
  for (const [pid, { group, cpuMs }] of after.perPid) {
    const used = Math.max(0, cpuMs - (before.perPid.get(pid)?.cpuMs ?? 0)) / 1000 / seconds
    cores[group] = (cores[group] ?? 0) + used
    ours += used
  }
  const machine = (after.machine.busy - before.machine.busy) / 1000 / seconds
  return { ...cores, machine, others: Math.max(0, machine - ours) }
}
