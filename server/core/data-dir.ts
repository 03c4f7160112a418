/**
 * The data folder's private parts (data safety): scratch folders are emptied at start (a killed process
 * leaves half-spooled uploads and half-written objects there) and recreated readable by the owner only (0700).
 */
import { mkdirSync, rmSync } from 'node:fs'

/** Owner-only mode for folders holding private data (rwx------). */
export const PRIVATE_DIR_MODE = 0o700
/** Owner-only mode for files holding private data (rw-------). */
export const PRIVATE_FILE_MODE = 0o600

/** Empties each scratch folder (created if missing) and leaves it with mode 0700. Call before serving. */
export function resetScratchDirs(dirs: string[]): void {
  for (const dir of dirs) {
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  }
}
