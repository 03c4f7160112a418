/**
 * Bounded cleanup of expired rows (rate-limit counters, admin tokens, upload holds, Idempotency-Key answers and
 * claims): deleted on later writes, at most PRUNE_BATCH a time and at least PRUNE_INTERVAL_MS apart per table unless a
 * backlog remains, so no request pays for a large cleanup.
 */
import type { Database } from '../db/database'

/** Most expired rows one prune deletes. */
export const PRUNE_BATCH = 500
/** Least time between two prunes of one table, ms, unless the last one found a full batch. */
export const PRUNE_INTERVAL_MS = 60_000

const nextPrunes = new WeakMap<Database, Map<string, number>>()

/**
 * Runs prune (a delete of at most PRUNE_BATCH rows answering how many went) for table at most once per
 * PRUNE_INTERVAL_MS per database, at once again while batches come back full. nowMs: ms since epoch.
 */
export async function pruneSometimes(db: Database, table: string, nowMs: number, prune: () => Promise<number>): Promise<void> {
  let next = nextPrunes.get(db)
  if (!next) nextPrunes.set(db, (next = new Map()))
  if (nowMs < (next.get(table) ?? 0)) return
  // Set before the delete runs, so concurrent requests start no second prune.
  next.set(table, nowMs + PRUNE_INTERVAL_MS)
  if ((await prune()) === PRUNE_BATCH) next.set(table, nowMs)
}
