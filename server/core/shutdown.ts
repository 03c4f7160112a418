/**
 * Graceful shutdown (crash-proof): on SIGTERM or SIGINT the server first drains: it reports not ready (GET /api/ready
 * answers 503) and closes each connection after its answer (`Connection: close`, so a proxy's keep-alive pool holds none
 * of its idle connections), while it keeps accepting requests for drainMs (SHUTDOWN_DRAIN_SECONDS: time for a load balancer
 * that polls /api/ready to take it out). Then it stops accepting connections (idle ones are closed), lets requests in
 * flight finish (at most SHUTDOWN_GRACE_MS, then cuts them: a tus client resumes a cut upload from its last offset),
 * closes the database (Database.close: on SQLite a WAL checkpoint first) and exits 0. A second signal exits at once with 1.
 */
/** How long (ms) requests in flight may run after a shutdown signal. */
export const SHUTDOWN_GRACE_MS = 10_000

let draining = false

/**
 * True once a signal has begun this process's shutdown (shutDownOnSignals): GET /api/ready answers 503 and every
 * answer closes its connection. Only the signal handlers set it, so a test that calls shutDown leaves it alone.
 */
export const isDraining = (): boolean => draining

/** What shutdown stops: the listening server (Bun's), alsoStop (the metrics listener) and the database, closed by closeDatabase. */
export type Running = {
  server: { stop(closeActiveConnections?: boolean): Promise<void> }
  alsoStop?: { stop(closeActiveConnections?: boolean): Promise<void> }
  closeDatabase: () => Promise<void>
}

/** Waits drainMs (the drain), then stops r as described above and resolves once the database is closed; exits nothing itself. */
export async function shutDown(
  r: Running,
  graceMs = SHUTDOWN_GRACE_MS,
  log: (line: string) => void = console.log,
  drainMs = 0,
): Promise<void> {
  if (drainMs > 0) await Bun.sleep(drainMs)
  let timer: Timer | undefined
  const graceOver = new Promise<'cut'>((resolve) => (timer = setTimeout(() => resolve('cut'), graceMs)))
  const outcome = await Promise.race([r.server.stop(false).then(() => 'drained' as const), graceOver])
  clearTimeout(timer)
  if (outcome === 'cut') {
    log(`requests still running after ${graceMs} ms: closing their connections`)
    await r.server.stop(true)
  }
  await r.alsoStop?.stop(true)
  await r.closeDatabase()
}

/** Installs the SIGTERM and SIGINT handlers for r (see the module comment); drainMs as shutDown's. */
export function shutDownOnSignals(r: Running, log: (line: string) => void = console.log, drainMs = 0): void {
  let stopping = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1)
    stopping = true
    draining = true
    log(
      `${signal}: not ready; accepting requests for ${drainMs / 1000} s more, then finishing those in flight (at most ${SHUTDOWN_GRACE_MS / 1000} s)`,
    )
    shutDown(r, SHUTDOWN_GRACE_MS, log, drainMs).then(
      () => (log('stopped cleanly'), process.exit(0)),
      (e: unknown) => (console.error('shutdown failed:', e), process.exit(1)),
    )
  }
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)
}
