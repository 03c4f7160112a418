/**
 * Group commit: writes that arrive within a short window (GROUP_COMMIT_WINDOW_MS) run in one SQLite transaction, so
 * a burst of N writes pays for one commit instead of N. A write makes at most one changing statement, after its checks
 * (its triggers are part of that statement): one that throws (a constraint error, or a check that refuses before writing)
 * has changed nothing, since SQLite backs out a failed statement by itself, and rejects only its own promise. (A
 * savepoint per write would allow more statements per write; it would cost every vote CPU and no writer needs it.)
 * Every promise settles only after the shared transaction has committed, so an answered write is as durable as a
 * write in its own transaction (WAL, synchronous=NORMAL: it survives the process being killed).
 */
import type { Database } from 'bun:sqlite'
import type { Db } from './open'
import { recordGroupCommit } from '../core/metrics'

/**
 * How long the first write of a batch waits for others, ms; 0 (the default) waits for the next turn of the event
 * loop, so a batch holds every write whose request was read in the same turn: under load a turn lasts a few ms and
 * batches grow by themselves, while a lone write waits for nothing. A fixed timer would make every write wait
 * (docs/performance.md).
 */
export const GROUP_COMMIT_WINDOW_MS = 0
/** Most writes in one batch; a full batch is written at once. */
export const GROUP_COMMIT_MAX = 256

type Pending = { write: () => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void }
/** One write's outcome inside the batch, settled after the commit. */
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

/** A group committer on one database: run(write) queues write (a synchronous function of statements, in a repository) and answers its result after the commit. */
export type GroupCommit = { run<T>(write: () => T): Promise<T> }

/**
 * Runs each write inside the open transaction: a write that throws made no change (its one statement failed, or it
 * threw before writing). An error that ended the whole transaction (SQLite rolls back on
 * disk full or an I/O error) is thrown on, so the batch fails as one rather than run the rest outside a transaction.
 */
function runBatch(sqlite: Database, batch: Pending[]): Outcome[] {
  return batch.map(({ write }) => {
    try {
      return { ok: true, value: write() }
    } catch (error) {
      if (!sqlite.inTransaction) throw error
      return { ok: false, error }
    }
  })
}

/** Runs fn after windowMs (0: on the next turn of the event loop); answers how to cancel it. */
function schedule(fn: () => void, windowMs: number): { cancel(): void } {
  if (windowMs === 0) {
    const immediate = setImmediate(fn)
    return { cancel: () => clearImmediate(immediate) }
  }
  const timer = setTimeout(fn, windowMs)
  return { cancel: () => clearTimeout(timer) }
}

/** A group committer on db: batches of at most max writes (each making at most one changing statement), collected for at most windowMs. */
export function createGroupCommit(db: Db, { windowMs = GROUP_COMMIT_WINDOW_MS, max = GROUP_COMMIT_MAX } = {}): GroupCommit {
  const sqlite = db.$client
  let queue: Pending[] = []
  let scheduled: { cancel(): void } | undefined
  const flush = () => {
    scheduled?.cancel()
    scheduled = undefined
    const batch = queue
    queue = []
    recordGroupCommit(batch.length)
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
        else scheduled ??= schedule(flush, windowMs)
      })
    },
  }
}
