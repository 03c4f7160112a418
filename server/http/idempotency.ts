/**
 * Idempotency-Key support (server-contract: POST /api/media/upload): the first successful answer
 * to a key is stored per user for IDEMPOTENCY_TTL_MS and answered again to every repeat, so an offline outbox can
 * replay a request safely, on any instance of the site. The answer is stored in the same transaction as the effect
 * it reports (produce() writes both), so a request that loses the database in between leaves neither and its retry
 * runs afresh. Error answers are not stored: a retry after fixing the input runs again. Expired rows are ignored at
 * once and deleted in bounded batches on later claims (see prune).
 */
import type { Database } from '../db/database'
import { deleteIdempotencyKeysBefore, findIdempotentAnswer } from '../repositories/idempotency.repository'
import { claimIdempotencyKey, deleteExpiredIdempotencyClaims, releaseIdempotencyClaim } from '../repositories/idempotency-claims.repository'
import { PRUNE_BATCH, pruneSometimes } from './prune'
import { HttpError } from './errors'

/** A status and JSON body to answer. */
export type StoredAnswer = { status: number; body: unknown }

/**
 * Where produce() stores its successful answer, in the transaction of the effect it reports: the row's key
 * (`<userId>:<Idempotency-Key>`), its user and its time (ISO-8601); see insertMedia's answerFor.
 */
export type AnswerSlot = { key: string; userId: number; createdAt: string }

/** How long a stored answer is replayed, ms (24 h, as Stripe keeps keys). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
/** How long the request running a key holds its claim at most, ms: a claim left by a stopped instance is taken over then. */
export const IDEMPOTENCY_CLAIM_MS = 10 * 60 * 1000
/** How long a repeat waits for the running request's answer before a 409, ms. */
export const IDEMPOTENCY_WAIT_MS = 30 * 1000
/** How often a waiting repeat looks for the answer, ms. */
export const IDEMPOTENCY_POLL_MS = 50

/** How often a claim whose release failed (the database was away) is released again, ms, for at most IDEMPOTENCY_WAIT_MS. */
export const RELEASE_RETRY_MS = 500

/**
 * Releases the claim id. When the database does not answer (a restart, say), the release is tried again in the
 * background every RELEASE_RETRY_MS for IDEMPOTENCY_WAIT_MS, so a client's retry that waits for the claim can take
 * it over once the database is back instead of answering 409 until the claim expires.
 */
async function releaseClaim(db: Database, id: string): Promise<void> {
  try {
    await releaseIdempotencyClaim(db, id)
  } catch {
    const giveUpAt = Date.now() + IDEMPOTENCY_WAIT_MS
    const retry = () =>
      releaseIdempotencyClaim(db, id).catch(() => {
        if (Date.now() < giveUpAt) setTimeout(retry, RELEASE_RETRY_MS)
      })
    setTimeout(retry, RELEASE_RETRY_MS)
  }
}

const cutoff = (now: string) => new Date(Date.parse(now) - IDEMPOTENCY_TTL_MS).toISOString()

/** Deletes expired answers and claims in bounded batches (prune.ts). */
async function prune(db: Database, now: string) {
  const at = Date.parse(now)
  await pruneSometimes(db, 'idempotency_keys', at, () => deleteIdempotencyKeysBefore(db, cutoff(now), PRUNE_BATCH))
  await pruneSometimes(db, 'idempotency_claims', at, () => deleteExpiredIdempotencyClaims(db, now, PRUNE_BATCH))
}

/**
 * Runs produce() once per (userId, key) within IDEMPOTENCY_TTL_MS, across every instance: a stored answer is returned
 * without running it; otherwise the request that claims the key in the database runs produce(), and a concurrent
 * repeat (on any instance) polls every IDEMPOTENCY_POLL_MS for the stored answer, taking the claim over when the first
 * request fails or its claim expires. produce(slot) stores its successful answer under slot itself, in the transaction
 * of its effect (a row left under the key has expired and is replaced); without a key it runs with slot null. now:
 * ISO-8601 UTC. Throws HttpError 400 for a key over 200 characters, 409 when the first request is still running after
 * IDEMPOTENCY_WAIT_MS, and whatever produce() throws.
 */
export async function withIdempotencyKey(
  db: Database,
  userId: number,
  key: string | null,
  now: string,
  produce: (slot: AnswerSlot | null) => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  if (!key) return produce(null)
  if (key.length > 200) throw new HttpError(400, 'Idempotency-Key must be at most 200 characters')
  const id = `${userId}:${key}`
  const claimUntil = new Date(Date.parse(now) + IDEMPOTENCY_CLAIM_MS).toISOString()
  const waitUntil = Date.now() + IDEMPOTENCY_WAIT_MS
  for (;;) {
    const stored = await findIdempotentAnswer(db, id, cutoff(now))
    if (stored) return { status: stored.status, body: JSON.parse(stored.body) }
    if (await claimIdempotencyKey(db, id, now, claimUntil)) break
    if (Date.now() >= waitUntil) throw new HttpError(409, 'A request with this Idempotency-Key is still in progress. Retry it later.')
    await Bun.sleep(IDEMPOTENCY_POLL_MS)
  }
  try {
    await prune(db, now)
    return await produce({ key: id, userId, createdAt: now })
  } finally {
    await releaseClaim(db, id)
  }
}
