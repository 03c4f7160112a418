/**
 * Group commit (issue #12 Votes): writes that arrive within a short window are run in one SQLite transaction, so
 * a burst of N writes pays for one commit instead of N. Each write runs under its own savepoint: one that throws
 * (an HttpError such as 404 or 403, or a constraint error) is rolled back alone and rejects only its own promise.
 * Every promise settles only after the shared transaction has committed, so an answered write is as durable as a
 * write in its own transaction (WAL, synchronous=NORMAL: it survives the process being killed).
 */
import type { Database } from 'bun:sqlite'
import type { Db } from './open'

/** How long the first write of a batch waits for others, ms. */
export const GROUP_COMMIT_WINDOW_MS = 2
/** Most writes in one batch; a full batch is written at once. */
export const GROUP_COMMIT_MAX = 256

type Pending = { write: () => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void }
/** One write's outcome inside the batch, settled after the commit. */
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

/** A group committer on one database: run(write) queues write (a synchronous function of repo calls) and answers its result after the commit. */
export type GroupCommit = { run<T>(write: () => T): Promise<T> }

/** Runs each write under a savepoint inside the open transaction; answers every outcome. */
function runBatch(sqlite: Database, batch: Pending[]): Outcome[] {
  const savepoint = sqlite.query('savepoint group_write')
  const release = sqlite.query('release group_write')
  const rollback = sqlite.query('rollback to group_write')
  return batch.map(({ write }) => {
    savepoint.run()
    try {
      const value = write()
      release.run()
      return { ok: true, value }
    } catch (error) {
      rollback.run()
      release.run()
      return { ok: false, error }
    }
  })
}

/** A group committer on db: batches of at most max writes, collected for at most windowMs. */
export function createGroupCommit(db: Db, { windowMs = GROUP_COMMIT_WINDOW_MS, max = GROUP_COMMIT_MAX } = {}): GroupCommit {
  const sqlite = db.$client
  let queue: Pending[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    const batch = queue
    queue = []
    let outcomes: Outcome[]
    try {
      outcomes = sqlite.transaction(() => runBatch(sqlite, batch)).immediate()
    } catch (error) {
      // The transaction itself failed (busy, disk full): nothing of the batch was written.
      for (const p of batch) p.reject(error)
      return
    }
    outcomes.forEach((o, i) => (o.ok ? batch[i].resolve(o.value) : batch[i].reject(o.error)))
  }
  return {
    run<T>(write: () => T) {
      return new Promise<T>((resolve, reject) => {
        queue.push({ write, resolve: resolve as (value: unknown) => void, reject })
        if (queue.length >= max) flush()
        else timer ??= setTimeout(flush, windowMs)
      })
    },
  }
}
