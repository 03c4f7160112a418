/**
 * Idempotency-Key support (server-contract: POST /api/media/upload; issue #10 Limits): the first successful answer
 * to a key is stored per user for IDEMPOTENCY_TTL_MS and answered again to every repeat, so an offline outbox can
 * replay a request safely. Error answers are not stored: a retry after fixing the input runs again. Expired rows are
 * ignored at once and deleted in bounded batches on later writes (see storeAnswer).
 */
import type { Database } from '../db/database'
import { deleteIdempotencyKeysBefore, findIdempotentAnswer, saveIdempotentAnswer } from '../repositories/idempotency.repository'
import { HttpError } from './errors'

/** A status and JSON body to answer. */
export type StoredAnswer = { status: number; body: unknown }

/** How long a stored answer is replayed, ms (24 h, as Stripe keeps keys). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
/** Most expired rows deleted by one prune, so no request pays for a large backlog at once. */
export const PRUNE_BATCH = 500
/** Least time between two prunes on writes, ms, unless the last one found a full batch. */
export const PRUNE_INTERVAL_MS = 60 * 1000

const inFlight = new Map<string, Promise<StoredAnswer>>()
const nextPrune = new WeakMap<Database, number>()

const cutoff = (now: string) => new Date(Date.parse(now) - IDEMPOTENCY_TTL_MS).toISOString()

/** Stores an answer, first deleting up to PRUNE_BATCH expired rows when PRUNE_INTERVAL_MS has passed since the last prune or that one was a full batch. */
async function storeAnswer(db: Database, id: string, userId: number, answer: StoredAnswer, now: string) {
  const at = Date.parse(now)
  if (at >= (nextPrune.get(db) ?? 0)) {
    // The next prune is set before the delete runs, so concurrent stores start no second one.
    nextPrune.set(db, at + PRUNE_INTERVAL_MS)
    if ((await deleteIdempotencyKeysBefore(db, cutoff(now), PRUNE_BATCH)) === PRUNE_BATCH) nextPrune.set(db, at)
  }
  // A row still there under this key has expired (a live one would have been answered): it is replaced.
  await saveIdempotentAnswer(db, id, { userId, status: answer.status, body: JSON.stringify(answer.body), createdAt: now })
}

/**
 * Runs produce() once per (userId, key) within IDEMPOTENCY_TTL_MS: a stored answer is returned without running it,
 * and a concurrent repeat waits for the first. Only answers below 400 are stored; without a key produce() simply
 * runs. now: ISO-8601 UTC. Throws HttpError 400 for a key over 200 characters, and whatever produce() throws.
 */
export async function withIdempotencyKey(db: Database, userId: number, key: string | null, now: string, produce: () => Promise<StoredAnswer>): Promise<StoredAnswer> {
  if (!key) return produce()
  if (key.length > 200) throw new HttpError(400, 'Idempotency-Key must be at most 200 characters')
  const id = `${userId}:${key}`
  const waiting = inFlight.get(id)
  if (waiting) return waiting
  const stored = await findIdempotentAnswer(db, id, cutoff(now))
  if (stored) return { status: stored.status, body: JSON.parse(stored.body) }
  const running = inFlight.get(id)
  if (running) return running
  const run = (async () => {
    try {
      const answer = await produce()
      if (answer.status < 400) await storeAnswer(db, id, userId, answer, now)
      return answer
    } finally {
      inFlight.delete(id)
    }
  })()
  inFlight.set(id, run)
  return run
}
