/** Drizzle query storing a takedown request (server-contract: POST /api/dmca-takedown). */
import type { Db } from '../../db/open'
import { dmcaTakedowns } from '../../db/schema'

/** Inserts one takedown row and returns it. */
export const insertTakedown = (db: Db, values: typeof dmcaTakedowns.$inferInsert) => db.insert(dmcaTakedowns).values(values).returning().get()
