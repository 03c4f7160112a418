/**
 * The WAL checkpointer's worker thread, started by ./wal-checkpoint.ts. Its first message, { path, intervalMs,
 * boundPages }, starts it: its own connection to the SQLite file at path copies the WAL into the database file on the
 * schedule of ./wal-checkpoint-schedule.ts (every intervalMs while commits come, none while nothing is written)
 * with `wal_checkpoint(PASSIVE)`: it never takes the write lock nor rewrites the WAL header, so it never invalidates
 * the snapshot of a server transaction that reads before it writes; once the WAL still holds more than boundPages
 * frames after that copy, it posts 'restart' to the server's thread. Its second message stops the checkpoints and
 * closes the connection; it answers 'stopped', and the server's thread then ends the worker.
 */
import { Database } from 'bun:sqlite'
import { watch } from 'node:fs'
import { scheduleCheckpoints } from './wal-checkpoint-schedule'

declare const self: Worker

self.onmessage = (start: MessageEvent<{ path: string; intervalMs: number; boundPages: number }>) => {
  const { path, intervalMs, boundPages } = start.data
  const sqlite = new Database(path)
  sqlite.exec('PRAGMA busy_timeout = 5000')
  const passive = sqlite.query<{ busy: number; log: number; checkpointed: number }, []>('PRAGMA wal_checkpoint(PASSIVE)')
  const dataVersion = sqlite.query<{ data_version: number }, []>('PRAGMA data_version')
  const schedule = scheduleCheckpoints(
    {
      copy: () => {
        if (passive.get()!.log > boundPages) self.postMessage('restart')
      },
      dataVersion: () => dataVersion.get()!.data_version,
      watchWal: (onChange) => {
        try {
          return watch(`${path}-wal`, onChange).on('error', onChange)
        } catch {
          return undefined
        }
      },
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    },
    intervalMs,
  )
  self.onmessage = () => {
    schedule.stop()
    sqlite.close()
    self.postMessage('stopped')
  }
}
