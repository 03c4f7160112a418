/** The backup's one statement (issue #10, Data safety). */
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/open'

/** Writes a consistent, compacted copy of the live database to the file at path (SQLite `VACUUM INTO`; the file must not exist). */
export const vacuumInto = (db: Db, path: string) => db.run(sql`VACUUM INTO ${path}`)
