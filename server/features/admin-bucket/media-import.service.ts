/**
 * Import from the bucket (server-contract: import-media): every object that is valid media by its magic bytes and
 * not yet a media row becomes one, owned by the system user; others are counted as skipped or errors. An object whose
 * content an item already has (its stored copy, or the bytes it was uploaded as) is skipped: the duplicate scan shows
 * it beside that item. Each imported object goes through the media pipeline: it is replaced by the
 * stripped copy, variants and poster are written beside it; variants and posters already in the bucket are never
 * imported as items of their own. An object whose perceptual hash is within NEAR_DUPLICATE_DISTANCE of an older
 * item's is imported flagged for the admin, as an upload is.
 */
import type { Deps } from '../../core/deps'
import { IMPORT_OWNER_SESSION_ID } from '../../db/system-session-ids'
import { logger } from '../../core/log'
import { writeAuditEvent } from '../../core/audit-log'
import { findOrInsertSystemUser } from '../../repositories/users.repository'
import { insertMedia, isContentKnown, isKeyImported } from '../../repositories/media.repository'
import { findNearestCopy } from '../../repositories/near-duplicates.repository'
import { withSpooledObject } from '../../media/spool-object'
import { processMediaFile } from '../../media/pipeline/process-media'
import { fillStoredHashes, listBucketFiles } from './admin-bucket.service'

/** Username of the import owner; reserved for it ('system-' names). */
const IMPORT_OWNER_USERNAME = 'system-import'

/**
 * The nth candidate name of the import owner: system-import, system-import-2, ... Visitors cannot take these names,
 * but a database from an older version may have given one to a visitor, and the import must not fail on that.
 */
const ownerName = (n: number) => (n === 1 ? IMPORT_OWNER_USERNAME : `${IMPORT_OWNER_USERNAME}-${n}`)

/** The system user, created on first use under the first free ownerName. Its session id is never a usable session. */
const systemUserId = (deps: Pick<Deps, 'db' | 'clock'>) =>
  findOrInsertSystemUser(deps.db, IMPORT_OWNER_SESSION_ID, ownerName, deps.clock.now().toISOString())

/** Imports one object; answers 'imported' or 'skipped'. Throws on a read failure or undecodable media (counted as an error). */
async function importObject(deps: Deps, key: string, ownerId: number): Promise<'imported' | 'skipped'> {
  if (await isKeyImported(deps.db, key)) return 'skipped'
  const outcome = await withSpooledObject(deps, key, async ({ path, type, size, sha256 }) => {
    if (!type || (await isContentKnown(deps.db, sha256))) return 'skipped'
    const now = deps.clock.now()
    const processed = await processMediaFile(deps, key, type, path, now, { itemStored: true, mayRefuse: false })
    const nearest = await findNearestCopy(deps.db, { ...processed, mimeType: type }, deps.config.nearDuplicateDistance)
    await insertMedia(deps.db, {
      userId: ownerId,
      storageKey: key,
      originalName: key.split('/').pop()!,
      mimeType: type,
      size,
      sha256,
      uploadedAt: now.toISOString(),
      ...processed,
      nearDuplicateOf: nearest?.id ?? null,
    })
    return 'imported'
  })
  return outcome ?? 'skipped'
}

/** Imports every importable object; answers {message, imported, skipped, errors, totalFiles}. */
export async function importMediaFromBucket(deps: Deps) {
  const { files } = await listBucketFiles(deps)
  await fillStoredHashes(deps)
  const ownerId = await systemUserId(deps)
  const counts = { imported: 0, skipped: 0, errors: 0 }
  for (const f of files) {
    try {
      counts[await importObject(deps, f.key, ownerId)]++
    } catch (e) {
      counts.errors++
      logger.error({ key: f.key, err: e }, 'bucket import failed')
    }
  }
  await writeAuditEvent(deps, 'MEDIA_IMPORT', { ...counts, totalFiles: files.length, by: deps.config.adminUsername })
  return { message: `Imported ${counts.imported} of ${files.length} files`, ...counts, totalFiles: files.length }
}
