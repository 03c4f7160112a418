/**
 * Files the CLI writes from the server's answers (a database backup, a votes or audit export) hold every visitor's
 * data: they are created owner-only (mode 0600) by the open call itself, before their first byte, never widened
 * and narrowed afterwards.
 */
import { open, rm } from 'node:fs/promises'

/** Mode of a file the CLI writes: read and write for the owner only. */
export const PRIVATE_FILE_MODE = 0o600

/**
 * Streams body into path as a new file opened with O_CREAT|O_EXCL and PRIVATE_FILE_MODE; a file already at path is
 * removed first, so an old wider mode never carries over. onProgress gets the running total; answers the bytes written.
 */
export async function writePrivateFile(
  path: string,
  body: ReadableStream<Uint8Array>,
  onProgress?: (bytes: number) => void,
): Promise<number> {
  await rm(path, { force: true })
  const handle = await open(path, 'wx', PRIVATE_FILE_MODE)
  let bytes = 0
  try {
    for await (const chunk of body) {
      await handle.write(chunk)
      bytes += chunk.byteLength
      onProgress?.(bytes)
    }
  } finally {
    await handle.close()
  }
  return bytes
}
