/**
 * Checks on a HotVote database file (backup and restore): that it is SQLite, passes
 * `PRAGMA integrity_check`, and has HotVote's tables; and its SHA-256 for the operator's records.
 */
import { Database } from 'bun:sqlite'
import { createHash } from 'node:crypto'
import { CliError } from './http'

/** Tables every HotVote database has; a SQLite file without them is someone else's. */
const HOTVOTE_TABLES = ['users', 'media', 'votes', '__drizzle_migrations']

/** Row counts of a checked database file, per table. */
export type DatabaseSummary = { users: number; media: number; votes: number }

/** Opens file read-only and answers its counts; throws CliError (exit 1) when it is not a sound HotVote database. */
export function checkHotVoteDatabase(file: string): DatabaseSummary {
  let db: Database | undefined
  try {
    db = new Database(file, { readonly: true })
    const integrity = db.query('pragma integrity_check').all() as { integrity_check: string }[]
    if (integrity[0]?.integrity_check !== 'ok')
      throw new CliError(`${file}: integrity_check failed: ${integrity.map((r) => r.integrity_check).join('; ')}`)
    const tables = new Set((db.query("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((r) => r.name))
    const missing = HOTVOTE_TABLES.filter((t) => !tables.has(t))
    if (missing.length) throw new CliError(`${file}: not a HotVote database (no ${missing.join(', ')} table)`)
    const count = (t: string) => (db!.query(`select count(*) as n from ${t}`).get() as { n: number }).n
    return { users: count('users'), media: count('media'), votes: count('votes') }
  } catch (e) {
    if (e instanceof CliError) throw e
    throw new CliError(`${file}: not a SQLite database (${(e as Error).message})`)
  } finally {
    db?.close()
  }
}

/** SHA-256 (hex) of a file's bytes, read as a stream. */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of Bun.file(file).stream()) hash.update(chunk)
  return hash.digest('hex')
}
