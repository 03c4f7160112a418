/**
 * Bucket management (admin-back-office §2 Bucket, §3; server-contract: delete-bucket-files, find-duplicates,
 * import-media): keys with `..` or unknown keys are reported, never touched; a deleted key's media row and derived
 * objects (variants, poster) go too. The staging objects of unfinished resumable uploads (resumable-uploads/) are no
 * file of the bucket: never listed, scanned, imported or deleted here (the resumable upload cleanup owns them).
 */
import type { Deps } from '../../core/deps'
import { InvalidKeyError, type ObjectInfo } from '../../storage/storage'
import { derivedObjectOwners, isResumableUploadKey } from '../../media/media-keys'
import { deleteItemObjects } from '../../media/pipeline/process-media'
import { purgeDeletedMedia } from '../../media/media-edge'
import { typeForFileName } from '../../contract/media'
import type { KeyPageQuery } from '../../contract/admin/paging'
import type { BucketDeleteResult, BucketFile, BucketUploadAnswer, DuplicateGroup, DuplicateScan } from '../../contract/admin/bucket'
import { HttpError } from '../../http/errors'
import { readPage } from '../../http/paging'
import { newStorageKey, sniffMediaType } from '../../media/media-type'
import type { SpooledFile } from '../../media/upload-stream'
import { sha256Hex } from '../../media/content-hash'
import {
  deleteMediaByKey,
  findMediaByKey,
  listRowsWithoutStoredHash,
  listStoredHashes,
  saveStoredHash,
} from '../../repositories/media.repository'
import { findNearDuplicateGroups } from './near-duplicates.service'

/**
 * Every object in the bucket except resumable uploads' staging objects and derived objects (variants, posters), which
 * are counted on their item (size in bytes, lastModified ISO-8601 UTC), with their number (total); with page, only that
 * page of them, ordered by key and starting after the cursor's key, with the next page's cursor (next) when objects follow.
 * With checksums, the SHA-256 of each listed object too (a bucket an
 * operator can copy and verify; derived objects are remade by `hotvote media reprocess`).
 */
export async function listBucketFiles(
  deps: Pick<Deps, 'storage'>,
  opts: { checksums?: boolean; page?: KeyPageQuery } = {},
): Promise<{ files: BucketFile[]; provider: string; total: number; next?: string }> {
  const all: ObjectInfo[] = []
  for await (const o of deps.storage.list()) if (!isResumableUploadKey(o.key)) all.push(o)
  const owners = derivedObjectOwners(all.map((o) => o.key))
  const files = new Map<string, BucketFile>()
  for (const o of all)
    if (!owners.has(o.key)) files.set(o.key, { key: o.key, size: o.size, lastModified: o.lastModified, derivedCount: 0, derivedSize: 0 })
  for (const o of all) {
    const owner = owners.get(o.key)
    const file = owner && files.get(owner)
    if (!file) continue
    file.derivedCount++
    file.derivedSize += o.size
  }
  const byKey = [...files.values()].sort((a, b) => (a.key < b.key ? -1 : 1))
  const { rows: listed, next } = opts.page
    ? await readPage(
        opts.page,
        async ({ limit, offset, after }) =>
          (after === undefined ? byKey : byKey.filter((f) => f.key > after)).slice(offset, offset + limit),
        (f) => f.key,
      )
    : { rows: byKey, next: undefined }
  if (opts.checksums) for (const f of listed) f.sha256 = await hashObject(deps, f.key)
  return { files: listed, provider: deps.storage.provider, total: files.size, next }
}

/**
 * Deletes the named objects with their derived objects (by key, from the media row's variants: no bucket listing)
 * and their media rows (an item's URLs purged from the CDN with media from the edge); answers {message, deleted (count), errors (one line per refused key: a bad key, an unknown
 * one, a resumable upload's staging object)}.
 */
export async function deleteBucketFiles(deps: Pick<Deps, 'db' | 'storage' | 'config'>, filenames: string[]): Promise<BucketDeleteResult> {
  let deleted = 0
  const errors: string[] = []
  for (const key of filenames) {
    try {
      if (isResumableUploadKey(key)) {
        errors.push(`${key}: part of an unfinished resumable upload, not touched`)
        continue
      }
      const row = await findMediaByKey(deps.db, key)
      if (!(await deleteItemObjects(deps.storage, key, row?.variants ?? null))) {
        errors.push(`${key}: not found`)
        continue
      }
      await deleteMediaByKey(deps.db, key)
      if (row) await purgeDeletedMedia(deps, row)
      deleted++
    } catch (e) {
      errors.push(e instanceof InvalidKeyError ? `${key}: invalid key, not touched` : `${key}: ${(e as Error).message}`)
    }
  }
  return { message: `Deleted ${deleted} of ${filenames.length} files`, deleted, errors }
}

/** SHA-256 (hex) of an object's content, read as a stream; undefined when no object has that key. */
export async function hashObject(deps: Pick<Deps, 'storage'>, key: string): Promise<string | undefined> {
  const object = await deps.storage.get(key)
  return object && sha256Hex(object.body)
}

/**
 * Records the stored object's SHA-256 on every media row that has none (rows stored before the pipeline recorded it),
 * reading each such object once; a row whose object is missing stays without. Later calls find nothing to do.
 */
export async function fillStoredHashes(deps: Pick<Deps, 'db' | 'storage'>): Promise<void> {
  for (const row of await listRowsWithoutStoredHash(deps.db)) {
    const storedSha256 = await hashObject(deps, row.key)
    if (storedSha256) await saveStoredHash(deps.db, row.id, storedSha256)
  }
}

/** The name of a file without folders, extension and copy markers such as " (1)", "-copy" or "_2". */
export const baseName = (key: string) =>
  key
    .split('/')
    .pop()!
    .toLowerCase()
    .replace(/\.[a-z0-9]+$/, '')
    .replace(/([ _-]?\(\d+\)|[ _-]copy( \d+)?|[ _-]\d+)$/, '')

/**
 * Groups of duplicates among items (never their derived objects): identical content (hash), equal size, similar names;
 * each with more than one file. Content is always the stored object's: the row's stored_sha256 for an item, the
 * object's own hash for an object without a row, so an item and a leftover copy of it (an upload after a database
 * reset) fall in one group. Beside them, the near-duplicate groups of media items (./near-duplicates.service.ts) and
 * the distance they were found within.
 */
export async function findDuplicates(deps: Pick<Deps, 'db' | 'storage' | 'config'>): Promise<DuplicateScan> {
  const { files, provider } = await listBucketFiles(deps)
  await fillStoredHashes(deps)
  const known = new Map((await listStoredHashes(deps.db)).map((r) => [r.key, r.storedSha256 ?? undefined]))
  const groupBy = async (type: DuplicateGroup['type'], keyOf: (f: BucketFile) => Promise<string | undefined> | string) => {
    const groups = new Map<string, BucketFile[]>()
    for (const f of files) {
      const k = await keyOf(f)
      if (k !== undefined) groups.set(k, [...(groups.get(k) ?? []), f])
    }
    return [...groups].filter(([, g]) => g.length > 1).map(([criteria, g]) => ({ type, criteria, files: g }))
  }
  const duplicateGroups: DuplicateGroup[] = [
    ...(await groupBy('hash', (f) => known.get(f.key) ?? hashObject(deps, f.key))),
    ...(await groupBy('size', (f) => `${f.size} bytes`)),
    ...(await groupBy('name-similarity', (f) => baseName(f.key))),
  ]
  const inGroups = new Set(duplicateGroups.flatMap((g) => g.files.map((f) => f.key)))
  const potentialDeletions = duplicateGroups.filter((g) => g.type === 'hash').reduce((n, g) => n + g.files.length - 1, 0)
  return {
    success: true,
    provider,
    totalFiles: files.length,
    duplicateGroups,
    totalDuplicateFiles: inGroups.size,
    potentialDeletions,
    message: duplicateGroups.length ? `Found ${duplicateGroups.length} groups of possible duplicates` : 'No duplicates found',
    nearDuplicateGroups: await findNearDuplicateGroups(deps),
    nearDuplicateDistance: deps.config.nearDuplicateDistance,
  }
}

/**
 * Stores a spooled upload in the bucket under uploads/YYYY/MM/<uuid>.<ext> for a later import (the CLI's `upload`).
 * Throws HttpError 415 when the content is not the type its name says.
 */
export async function storeBucketUpload(deps: Pick<Deps, 'storage' | 'clock'>, file: SpooledFile): Promise<BucketUploadAnswer> {
  const type = await sniffMediaType(file.head)
  if (!type || type !== typeForFileName(file.originalName))
    throw new HttpError(415, `${file.originalName}: the content is not the type its name says`)
  const key = newStorageKey(deps.clock.now(), type).replace(/^media\//, 'uploads/')
  await deps.storage.put(key, Bun.file(file.tmpPath).stream(), { size: file.size, contentType: type })
  return { key, size: file.size }
}
