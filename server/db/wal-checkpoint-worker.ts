/**
 * The WAL checkpointer's worker thread (started by ./wal-checkpoint.ts with workerData { path, intervalMs, boundPages }):
 * its own connection to the SQLite file at path copies the WAL into the database file every intervalMs
 * (`wal_checkpoint(PASSIVE)`: never waits for the server's writes); once the WAL holds more than boundPages frames it
 * runs `wal_checkpoint(RESTART)`, which waits for the write in progress, finishes the copy and makes the next write
 * start the WAL over, so the WAL stays bounded under a steady stream of commits. Any message stops it.
 */
import { Database } from 'bun:sqlite'
import { parentPort, workerData } from 'node:worker_threads'

const { path, intervalMs, boundPages } = workerData as { path: string; intervalMs: number; boundPages: number }
const sqlite = new Database(path)
sqlite.exec('PRAGMA busy_timeout = 5000')
const passive = sqlite.query<{ busy: number; log: number; checkpointed: number }, []>('PRAGMA wal_checkpoint(PASSIVE)')
const restart = sqlite.query('PRAGMA wal_checkpoint(RESTART)')

const timer = setInterval(() => {
  const { log } = passive.get()!
  if (log > boundPages) restart.get()
}, intervalMs)

// Any message stops the worker: its connection closes, so the server's connection is the last one when it closes.
parentPort!.once('message', () => {
  clearInterval(timer)
  sqlite.close()
  parentPort!.close()
})
