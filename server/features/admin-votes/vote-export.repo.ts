/** The votes export's query (server-contract: export-votes): one keyset page of votes, as value arrays. */
import type { Db } from '../../db/open'
import { perDb } from '../../db/prepared'

/** One exported vote: its id, user id, media id, is_hot (0 or 1), created_at (ISO-8601 UTC). */
export type ExportedVote = [id: number, userId: number, mediaId: number, isHot: number, createdAt: string]

// Straight to bun:sqlite as value arrays (issue #12): a million votes mapped to drizzle row objects is a million
// objects of garbage the export then has to collect.
const pageAfter = perDb((db) => db.$client.query<ExportedVote, [number, number]>('select id, user_id, media_id, is_hot, created_at from votes where id > ? order by id limit ?'))

/** At most limit votes with ids above after, in id order (keyset paging: no read transaction is held between pages). */
export const findVotePageAfter = (db: Db, after: number, limit: number): ExportedVote[] => pageAfter(db).values(after, limit) as ExportedVote[]
