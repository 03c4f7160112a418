/**
 * The WAL checkpointer's worker thread, started by ./wal-checkpoint.ts. Its first message, { path, intervalMs,
 * boundPages }, starts it: its own connection to the SQLite file at path copies the WAL into the database file every
 * intervalMs (`wal_checkpoint(PASSIVE)`: never waits for the server's writes), and once the WAL holds more than
 * boundPages frames it runs `wal_checkpoint(RESTART)`, which waits for the write in progress, finishes the copy and
 * makes the next write start the WAL over, so the WAL stays bounded under a steady stream of commits. Its second
 * message stops it: the connection closes and the worker ends.
 */
import { Database } from 'bun:sqlite'

declare const self: Worker

self.onmessage = (start: MessageEvent<{ path: string; intervalMs: number; boundPages: number }>) => {
  const { path, intervalMs, boundPages } = start.data
  const sqlite = new Database(path)
  sqlite.exec('PRAGMA busy_timeout = 5000')
  const passive = sqlite.query<{ busy: number; log: number; checkpointed: number }, []>('PRAGMA wal_checkpoint(PASSIVE)')
  const restart = sqlite.query('PRAGMA wal_checkpoint(RESTART)')
  const timer = setInterval(() => {
    if (passive.get()!.log > boundPages) restart.get()
  }, intervalMs)
  self.onmessage = () => {
    clearInterval(timer)
    sqlite.close()
    process.exit(0)
  }
}
