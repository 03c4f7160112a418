/**
 * Idempotency-Key support (server-contract: POST /api/media/upload; issue #10 Limits): the first successful answer
 * to a key is stored per user for IDEMPOTENCY_TTL_MS and answered again to every repeat, so an offline outbox can
 * replay a request safely. Error answers are not stored: a retry after fixing the input runs again. Expired rows are
 * ignored at once and deleted in bounded batches on later writes (see pruneIdempotencyKeys).
 */
import { and, eq, gte, inArray, lt } from 'drizzle-orm'
import type { Db } from '../db/open'
import { idempotencyKeys } from '../db/schema'
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
const nextPrune = new WeakMap<Db, number>()

const cutoff = (now: string) => new Date(Date.parse(now) - IDEMPOTENCY_TTL_MS).toISOString()

/** Deletes up to PRUNE_BATCH rows older than IDEMPOTENCY_TTL_MS before now (ISO-8601); answers how many went. */
export function pruneIdempotencyKeys(db: Db, now: string): number {
  const expired = db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff(now))).limit(PRUNE_BATCH)
  return db.delete(idempotencyKeys).where(inArray(idempotencyKeys.key, expired)).returning({ key: idempotencyKeys.key }).all().length
}

/** Stores an answer, pruning first when PRUNE_INTERVAL_MS has passed since the last prune or that one was a full batch. */
function storeAnswer(db: Db, id: string, userId: number, answer: StoredAnswer, now: string) {
  const at = Date.parse(now)
  if (at >= (nextPrune.get(db) ?? 0)) nextPrune.set(db, pruneIdempotencyKeys(db, now) === PRUNE_BATCH ? at : at + PRUNE_INTERVAL_MS)
  const row = { userId, status: answer.status, body: JSON.stringify(answer.body), createdAt: now }
  // A row still there under this key has expired (a live one would have been answered): replace it.
  db.insert(idempotencyKeys).values({ key: id, ...row }).onConflictDoUpdate({ target: idempotencyKeys.key, set: row }).run()
}

/**
 * Runs produce() once per (userId, key) within IDEMPOTENCY_TTL_MS: a stored answer is returned without running it,
 * and a concurrent repeat waits for the first. Only answers below 400 are stored; without a key produce() simply
 * runs. now: ISO-8601 UTC. Throws HttpError 400 for a key over 200 characters, and whatever produce() throws.
 */
export async function withIdempotencyKey(db: Db, userId: number, key: string | null, now: string, produce: () => Promise<StoredAnswer>): Promise<StoredAnswer> {
  if (!key) return produce()
  if (key.length > 200) throw new HttpError(400, 'Idempotency-Key must be at most 200 characters')
  const id = `${userId}:${key}`
  const stored = db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.key, id), gte(idempotencyKeys.createdAt, cutoff(now)))).get()
  if (stored) return { status: stored.status, body: JSON.parse(stored.body) }
  const running = inFlight.get(id)
  if (running) return running
  const run = (async () => {
    try {
      const answer = await produce()
      if (answer.status < 400) storeAnswer(db, id, userId, answer, now)
      return answer
    } finally {
      inFlight.delete(id)
    }
  })()
  inFlight.set(id, run)
  return run
}
