/** Queries on views (server-contract: POST /api/media/:id/view). */
import { shared, type Database } from '../db/database'

/** Records one view; a repeat for the same user and item is a no-op. */
export async function insertViewOnce(db: Database, userId: number, mediaId: number, now: string): Promise<void> {
  const { orm, t } = shared(db)
  await orm.insert(t.views).values({ userId, mediaId, createdAt: now }).onConflictDoNothing()
}
