/**
 * Checkpoints the server's SQLite WAL off the event loop (docs/performance.md > The WAL checkpoint): SQLite's automatic
 * checkpoint runs inside the commit that crosses its threshold, so one request in every thousand pages written paid
 * for copying them and syncing the file. The server's connection turns it off, and a worker thread with its own
 * connection (./wal-checkpoint-worker.ts) copies the WAL into the database file instead, every CHECKPOINT_INTERVAL_MS
 * while commits come, none while nothing is written (./wal-checkpoint-schedule.ts). Under a steady stream of commits
 * that copy never catches up with the WAL's end, and only a checkpoint that does lets the next write start the WAL
 * over; so once the WAL holds WAL_BOUND_PAGES pages, the server's connection checkpoints between two requests (no
 * transaction open): it copies only what came since the worker's last copy, and its next write starts the WAL over.
 * A checkpoint that restarts the WAL from the worker (RESTART) would rewrite the WAL header
 * under the server's open read snapshot, and a transaction that reads before it writes then fails with SQLITE_BUSY.
 */
import type { Database } from 'bun:sqlite'

/** How often the worker copies the WAL into the database file while commits come, ms. */
const CHECKPOINT_INTERVAL_MS = 100
/** WAL frames (pages of 4 KB) above which the server's connection finishes the checkpoint: about 16 MB. */
const WAL_BOUND_PAGES = 4000
/** Bytes the WAL file is cut back to when it starts over, so one large transaction does not leave a large file. */
const WAL_FILE_LIMIT_BYTES = WAL_BOUND_PAGES * 4096

/** A running checkpointer; stop() ends its worker and its connection (the caller's connection then checkpoints on close). */
export type WalCheckpointer = { stop(): Promise<void> }

/** SQLite's own automatic checkpoint threshold, pages: back in force if the worker ever ends on its own. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000

/**
 * Turns sqlite's automatic checkpoint off and starts the worker that checkpoints the file at path instead. If the
 * worker fails, the automatic checkpoint is turned back on, so the WAL stays bounded either way.
 */
export function checkpointInBackground(sqlite: Database, path: string): WalCheckpointer {
  sqlite.exec('PRAGMA wal_autocheckpoint = 0')
  sqlite.exec(`PRAGMA journal_size_limit = ${WAL_FILE_LIMIT_BYTES}`)
  // A web Worker: node:worker_threads' Worker costs more than twice its memory.
  const worker = new Worker(new URL('./wal-checkpoint-worker.ts', import.meta.url)) as unknown as Bun.Worker
  worker.unref()
  let stopping = false
  let stopped: () => void = () => {}
  const ended = new Promise<void>((resolve) => (stopped = resolve))
  worker.addEventListener('close', () => {
    if (!stopping) sqlite.exec(`PRAGMA wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`)
    stopped()
  })
  // A message handler runs as a task of its own, never inside a transaction (they are synchronous).
  worker.addEventListener('message', (event) => {
    if ((event as MessageEvent).data === 'stopped') stopped()
    else sqlite.exec('PRAGMA wal_checkpoint(PASSIVE)')
  })
  worker.postMessage({ path, intervalMs: CHECKPOINT_INTERVAL_MS, boundPages: WAL_BOUND_PAGES })
  return {
    stop: async () => {
      stopping = true
      // Held again until it answers: with nothing else left on the event loop, the process would exit first.
      worker.ref()
      worker.postMessage('stop')
      await ended
      worker.terminate()
    },
  }
}
