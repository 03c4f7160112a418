/**
 * Graceful shutdown (crash-proof): on SIGTERM or SIGINT the server stops accepting connections, lets
 * requests in flight finish (at most SHUTDOWN_GRACE_MS, then cuts them), closes the database (Database.close: on SQLite a WAL
 * checkpoint first) and exits 0. A second signal exits at once with 1.
 */
/** How long (ms) requests in flight may run after a shutdown signal. */
export const SHUTDOWN_GRACE_MS = 10_000

/** What shutdown stops: the listening server (Bun's), alsoStop (the metrics listener) and the database, closed by closeDatabase. */
export type Running = {
  server: { stop(closeActiveConnections?: boolean): Promise<void> }
  alsoStop?: { stop(closeActiveConnections?: boolean): Promise<void> }
  closeDatabase: () => Promise<void>
}

/** Stops r as described above and resolves once the database is closed; exits nothing itself. */
export async function shutDown(r: Running, graceMs = SHUTDOWN_GRACE_MS, log: (line: string) => void = console.log): Promise<void> {
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

/** Installs the SIGTERM and SIGINT handlers for r (see the module comment). */
export function shutDownOnSignals(r: Running, log: (line: string) => void = console.log): void {
  let stopping = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1)
    stopping = true
    log(`${signal}: no new connections; finishing requests in flight (at most ${SHUTDOWN_GRACE_MS / 1000} s)`)
    shutDown(r, SHUTDOWN_GRACE_MS, log).then(
      () => (log('stopped cleanly'), process.exit(0)),
      (e: unknown) => (console.error('shutdown failed:', e), process.exit(1)),
    )
  }
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)
}
