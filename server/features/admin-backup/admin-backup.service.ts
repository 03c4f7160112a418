/**
 * Online backup of the database (issue #10, Data safety): `VACUUM INTO` writes a consistent, compacted copy of the
 * live SQLite file to a temp file while the server keeps taking writes (SQLite reads one snapshot under WAL), and
 * the copy is streamed to the admin and removed once sent or abandoned.
 */
import { createReadStream } from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import type { Deps } from '../../core/deps'
import { vacuumInto } from '../../repositories/database.repository'

/** A database copy ready to send: its size in bytes and a stream that deletes the temp file when it ends or fails. */
export type DatabaseCopy = { size: number; body: ReadableStream<Uint8Array> }

/** The download name of a backup taken at `at`: hotvote-backup-YYYY-MM-DDTHH-MM-SSZ.sqlite (UTC). */
export const backupFileName = (at: Date) => `hotvote-backup-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.sqlite`

/** Copies the live database with VACUUM INTO a temp file under deps.tmpDir and answers it as a self-deleting stream. */
export async function copyDatabase(deps: Pick<Deps, 'db' | 'tmpDir'>): Promise<DatabaseCopy> {
  await mkdir(deps.tmpDir, { recursive: true, mode: 0o700 })
  const path = join(deps.tmpDir, `backup-${crypto.randomUUID()}.sqlite`)
  try {
    await vacuumInto(deps.db, path)
    const { size } = await stat(path)
    // 'close' comes after the end, an error and a client that goes away alike, so the temp file never stays behind.
    const file = createReadStream(path).on('close', () => void rm(path, { force: true }))
    // node:stream/web's ReadableStream is the runtime's one; only the TypeScript declarations differ.
    return { size, body: Readable.toWeb(file) as unknown as ReadableStream<Uint8Array> }
  } catch (e) {
    await rm(path, { force: true })
    throw e
  }
}
