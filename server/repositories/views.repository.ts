/** Queries on views (server-contract: POST /api/media/:id/view). */
import type { Db } from '../db/open'
import { views } from '../db/schema'

/** Records one view; a repeat for the same user and item is a no-op. */
export const insertViewOnce = async (db: Db, userId: number, mediaId: number, now: string) =>
  void db.insert(views).values({ userId, mediaId, createdAt: now }).onConflictDoNothing().run()
