/**
 * Group commit on PostgreSQL: each caller hands in one item, and the items that arrive while a batch is being written
 * go together as the next batch, which the batch writer writes at once (one multi-row statement, one commit). At most
 * `concurrency` batches (by default one) are in flight, so under load a batch grows by itself, while a lone item waits
 * for nothing but the next turn of the event loop (a fixed window would make every write wait). Many writers touching
 * one row (a popular item's vote counters) then take its lock once per batch, not once per write. A batch that fails
 * as a whole is written again one item at a time, so one item's error (its user deleted meanwhile) rejects only its
 * own caller. Every promise settles after its batch has committed.
 */
import { recordGroupCommit } from '../core/metrics'

/**
 * Batches in flight at once per committer: one, so everything that arrives while a batch is written goes into the
 * next (more batches in flight made them smaller and each vote dearer for both the instance and PostgreSQL).
 */
export const PG_GROUP_COMMIT_CONCURRENCY = 1
/** Most items in one batch. */
export const PG_GROUP_COMMIT_MAX = 256

/** A group committer: run(item) answers item's outcome once the batch holding it has committed. */
export type PgGroupCommit<I, O> = { run(item: I): Promise<O> }

type Pending<I, O> = { item: I; resolve: (outcome: O) => void; reject: (error: unknown) => void }

/**
 * A group committer over write, which writes a batch of items and answers one outcome per item, in order (and throws
 * when the batch failed as a whole: nothing of it may have been written then).
 */
export function createPgGroupCommit<I, O>(
  write: (items: I[]) => Promise<O[]>,
  { concurrency = PG_GROUP_COMMIT_CONCURRENCY, max = PG_GROUP_COMMIT_MAX } = {},
): PgGroupCommit<I, O> {
  let queue: Pending<I, O>[] = []
  let inFlight = 0
  let scheduled = false
  const settle = async (batch: Pending<I, O>[]) => {
    recordGroupCommit(batch.length)
    try {
      const outcomes = await write(batch.map((p) => p.item))
      batch.forEach((p, i) => p.resolve(outcomes[i]))
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error)
      await Promise.all(batch.map((p) => write([p.item]).then(([outcome]) => p.resolve(outcome), p.reject)))
    }
  }
  const pump = () => {
    scheduled = false
    while (inFlight < concurrency && queue.length) {
      const batch = queue.slice(0, max)
      queue = queue.slice(max)
      inFlight++
      void settle(batch).finally(() => {
        inFlight--
        pump()
      })
    }
  }
  return {
    run: (item) =>
      new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject })
        if (!scheduled) (scheduled = true), setImmediate(pump)
      }),
  }
}
