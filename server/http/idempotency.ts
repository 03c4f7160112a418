/**
 * Idempotency-Key support (server-contract: POST /api/media/upload): the first answer to a key is stored per
 * user and answered again to every repeat, so an offline outbox can replay a request safely.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open'
import { idempotencyKeys } from '../db/schema'
import { HttpError } from './errors'

/** A status and JSON body to answer. */
export type StoredAnswer = { status: number; body: unknown }

const inFlight = new Map<string, Promise<StoredAnswer>>()

/**
 * Runs produce() once per (userId, key): a stored answer is returned without running it, and a concurrent
 * repeat waits for the first. Answers below 500 are stored; without a key produce() simply runs.
 * Throws HttpError 400 for a key over 200 characters.
 */
export async function withIdempotencyKey(db: Db, userId: number, key: string | null, now: string, produce: () => Promise<StoredAnswer>): Promise<StoredAnswer> {
  if (!key) return produce()
  if (key.length > 200) throw new HttpError(400, 'Idempotency-Key must be at most 200 characters')
  const id = `${userId}:${key}`
  const stored = db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, id)).get()
  if (stored) return { status: stored.status, body: JSON.parse(stored.body) }
  const running = inFlight.get(id)
  if (running) return running
  const run = (async () => {
    try {
      const answer = await produce()
      if (answer.status < 500) db.insert(idempotencyKeys).values({ key: id, userId, status: answer.status, body: JSON.stringify(answer.body), createdAt: now }).onConflictDoNothing().run()
      return answer
    } catch (e) {
      if (e instanceof HttpError && e.status < 500) {
        const body = { error: e.message }
        db.insert(idempotencyKeys).values({ key: id, userId, status: e.status, body: JSON.stringify(body), createdAt: now }).onConflictDoNothing().run()
      }
      throw e
    } finally {
      inFlight.delete(id)
    }
  })()
  inFlight.set(id, run)
  return run
}
