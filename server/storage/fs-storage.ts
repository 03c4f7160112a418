/**
 * The embedded default bucket: objects are files under a root folder (DATA_DIR/bucket).
 * Writes go to a temporary file first and are renamed into place, so a failed write leaves nothing behind.
 */
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import { randomUUID } from 'node:crypto'
import { assertSafeKey, contentTypeForKey, type ByteRange, type ObjectInfo, type Storage, type StoredObject } from './storage'

/** The folder under the bucket root where puts are staged before their rename; never listed, emptied at start. */
export const FS_STAGING_DIR = '.tmp'

/** Creates a filesystem bucket rooted at root (created if missing). */
export function createFsStorage(root: string): Storage {
  const tmpDir = join(root, FS_STAGING_DIR)
  const pathOf = (key: string) => {
    assertSafeKey(key)
    return join(root, key)
  }
  const info = async (key: string): Promise<ObjectInfo | undefined> => {
    const s = await stat(pathOf(key)).catch(() => undefined)
    if (!s?.isFile()) return undefined
    return {
      key,
      size: s.size,
      lastModified: s.mtime.toISOString(),
      etag: `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`,
      contentType: contentTypeForKey(key),
    }
  }

  async function* walk(dir: string): AsyncGenerator<string> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name === FS_STAGING_DIR) continue
      const full = join(dir, entry.name)
      if (entry.isDirectory()) yield* walk(full)
      else if (entry.isFile()) yield relative(root, full).split(sep).join('/')
    }
  }

  return {
    provider: 'fs',
    async put(key, body) {
      const target = pathOf(key)
      await mkdir(tmpDir, { recursive: true })
      const tmp = join(tmpDir, randomUUID())
      try {
        // Bun.write drains the stream with backpressure, so memory stays flat whatever the upload's size.
        await Bun.write(tmp, new Response(body))
        await mkdir(dirname(target), { recursive: true })
        await rename(tmp, target)
      } finally {
        await rm(tmp, { force: true })
      }
    },
    async get(key, range?: ByteRange): Promise<StoredObject | undefined> {
      const meta = await info(key)
      if (!meta) return undefined
      const file = Bun.file(pathOf(key))
      const body = (range ? file.slice(range.start, range.end + 1) : file).stream()
      return { ...meta, body, range }
    },
    head: info,
    async delete(key) {
      const existed = (await info(key)) !== undefined
      await rm(pathOf(key), { force: true })
      return existed
    },
    async *list() {
      for await (const key of walk(root)) {
        const meta = await info(key)
        if (meta) yield meta
      }
    },
  }
}
