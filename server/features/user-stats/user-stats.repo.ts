/** The figures of one user's uploads in one query (votes and views from their indexes, no query per item). */
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/open'
import { media } from '../../db/schema'
import { mediaFigureColumns } from '../../ratings/vote-stats'

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
      placeholder: media.placeholder,
      variants: media.variants,
      processedAt: media.processedAt,
      ...mediaFigureColumns,
    })
    .from(media)
    .where(eq(media.userId, userId))
    .orderBy(desc(media.uploadedAt), desc(media.id))
    .all()
