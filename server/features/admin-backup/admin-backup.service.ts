/**
 * Online backup of the database (Data safety): `VACUUM INTO` writes a consistent, compacted copy of the live SQLite
 * file (SQLite reads one snapshot under WAL), or pg_dump a custom-format archive of PostgreSQL, to a temp file while
 * the server keeps taking writes; the copy is streamed to the admin and removed once sent or abandoned.
 */
import { createReadStream } from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import type { Deps } from '../../core/deps'
import { HttpError } from '../../http/errors'
import { writeBackup, type BackupFormat } from '../../repositories/database.repository'

/** A database copy ready to send: its format, its size in bytes and a stream that deletes the temp file when it ends or fails. */
export type DatabaseCopy = { format: BackupFormat; size: number; body: ReadableStream<Uint8Array> }

/** The download name of a backup taken at `at`: hotvote-backup-YYYY-MM-DDTHH-MM-SSZ.<extension> (UTC; sqlite or dump). */
export const backupFileName = (at: Date, extension = 'sqlite') =>
  `hotvote-backup-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.${extension}`

/**
 * Copies the live database into a temp file under deps.tmpDir (writeBackup) and answers it as a self-deleting
 * stream. Throws HttpError 501 when the database is PostgreSQL and pg_dump is not on the server's PATH.
 */
export async function copyDatabase(deps: Pick<Deps, 'db' | 'tmpDir'>): Promise<DatabaseCopy> {
  await mkdir(deps.tmpDir, { recursive: true, mode: 0o700 })
  const path = join(deps.tmpDir, `backup-${crypto.randomUUID()}.sqlite`)
  try {
    const format = await writeBackup(deps.db, path)
    if ('missing' in format)
      throw new HttpError(
        501,
        "pg_dump is not on the server's PATH: install the PostgreSQL client tools there, or run pg_dump against DATABASE_URL yourself",
      )
    const { size } = await stat(path)
    // 'close' comes after the end, an error and a client that goes away alike, so the temp file never stays behind.
    const file = createReadStream(path).on('close', () => void rm(path, { force: true }))
    // node:stream/web's ReadableStream is the runtime's one; only the TypeScript declarations differ.
    return { format, size, body: Readable.toWeb(file) as unknown as ReadableStream<Uint8Array> }
  } catch (e) {
    await rm(path, { force: true })
    throw e
  }
}
