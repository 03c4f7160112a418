/** The figures of one user's uploads in one query (votes and views from their indexes, no query per item). */
import { desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/open'
import { media } from '../../db/schema'

/** Every upload of userId, newest first, with its vote count, hot count and view count. */
export const findOwnMediaWithFigures = (db: Db, userId: number) =>
  db
    .select({
      id: media.id,
      storageKey: media.storageKey,
      mimeType: media.mimeType,
      originalName: media.originalName,
      size: media.size,
      uploadedAt: media.uploadedAt,
      // Written out with table names: drizzle leaves columns unqualified here, and a bare "id" inside the
      // subquery would mean votes.id.
      totalVotes: sql<number>`(select count(*) from votes where votes.media_id = media.id)`,
      hotVotes: sql<number>`(select coalesce(sum(votes.is_hot), 0) from votes where votes.media_id = media.id)`,
      totalViews: sql<number>`(select count(*) from views where views.media_id = media.id)`,
    })
    .from(media)
    .where(eq(media.userId, userId))
    .orderBy(desc(media.uploadedAt), desc(media.id))
    .all()
