/** The readiness query of the health feature (issue #10). */
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/open'

/** Runs `select 1`: answers when the database takes queries, throws when it does not. */
export const selectOne = (db: Db) => db.get(sql`select 1`)
