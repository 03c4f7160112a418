/** Queries of the media reprocess (issue #11 Backfill): items the pipeline has not processed yet, in id order. */
import { and, asc, count, eq, gt, gte, isNull } from 'drizzle-orm'
import type { Db } from '../../db/open'
import { media } from '../../db/schema'

const unprocessed = (since: string | undefined, afterId = 0) => and(isNull(media.processedAt), gt(media.id, afterId), since ? gte(media.uploadedAt, since) : undefined)

/** Number of unprocessed items with id > afterId, uploaded at or after since (ISO) when given. */
export const countUnprocessedMedia = (db: Db, since: string | undefined, afterId = 0) => db.select({ n: count() }).from(media).where(unprocessed(since, afterId)).get()!.n

/** Up to limit unprocessed items with id > afterId, uploaded at or after since when given, in id order. */
export const findUnprocessedMedia = (db: Db, since: string | undefined, afterId: number, limit: number) =>
  db.select().from(media).where(unprocessed(since, afterId)).orderBy(asc(media.id)).limit(limit).all()

/** Records the pipeline's outputs on item id. */
export const saveProcessedFields = (db: Db, id: number, fields: Pick<typeof media.$inferInsert, 'width' | 'height' | 'durationMs' | 'placeholder' | 'variants' | 'processedAt' | 'storedSha256'>) =>
  db.update(media).set(fields).where(eq(media.id, id)).run()
