/**
 * Import from the bucket (server-contract: import-media): every object that is valid media by its magic bytes and
 * not yet a media row becomes one, owned by the system user; others are counted as skipped or errors. An object whose
 * content an item already has (its stored copy, or the bytes it was uploaded as) is skipped: the duplicate scan shows
 * it beside that item. Each imported object goes through the media pipeline (issue #11): it is replaced by the
 * stripped copy, variants and poster are written beside it; variants and posters already in the bucket are never
 * imported as items of their own.
 */
import type { Deps } from '../../core/deps'
import { findUserBySessionHash, findUserIdByUsername } from '../../core/users.repo'
import { IMPORT_OWNER_SESSION_ID } from '../../db/system-session-ids'
import { writeAuditEvent } from '../../core/audit-log'
import { insertMedia } from '../../media/media-items.repo'
import { withSpooledObject } from '../../media/spool-object'
import { processMediaFile } from '../../media-pipeline/process-media'
import { fillStoredHashes, listBucketFiles } from './admin-bucket.service'
import { insertSystemUser, isContentKnown, isKeyImported } from './admin-bucket.repo'
import { logger } from '../../core/log'

/** Username of the import owner; reserved for it ('system-' names, issue #10). */
const IMPORT_OWNER_USERNAME = 'system-import'

/**
 * The first of system-import, system-import-2, ... that no user has (ignoring case). Visitors cannot take these names,
 * but a database from an older version may have given one to a visitor, and the import must not fail on that.
 */
function freeOwnerName(deps: Pick<Deps, 'db'>): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? IMPORT_OWNER_USERNAME : `${IMPORT_OWNER_USERNAME}-${n}`
    if (!findUserIdByUsername(deps.db, name)) return name
  }
}

/** The system user, created on first use. Its session id is never a usable session (issue #10). */
function systemUserId(deps: Pick<Deps, 'db' | 'clock'>): number {
  const existing = findUserBySessionHash(deps.db, IMPORT_OWNER_SESSION_ID)
  return existing?.id ?? insertSystemUser(deps.db, { sessionId: IMPORT_OWNER_SESSION_ID, username: freeOwnerName(deps), createdAt: deps.clock.now().toISOString() })
}

/** Imports one object; answers 'imported' or 'skipped'. Throws on a read failure or undecodable media (counted as an error). */
async function importObject(deps: Deps, key: string, ownerId: number): Promise<'imported' | 'skipped'> {
  if (isKeyImported(deps.db, key)) return 'skipped'
  const outcome = await withSpooledObject(deps, key, async ({ path, type, size, sha256 }) => {
    if (!type || isContentKnown(deps.db, sha256)) return 'skipped'
    const now = deps.clock.now()
    const processed = await processMediaFile(deps, key, type, path, now, { itemStored: true, mayRefuse: false })
    insertMedia(deps.db, { userId: ownerId, storageKey: key, originalName: key.split('/').pop()!, mimeType: type, size, sha256, uploadedAt: now.toISOString(), ...processed })
    return 'imported'
  })
  return outcome ?? 'skipped'
}

/** Imports every importable object; answers {message, imported, skipped, errors, totalFiles}. */
export async function importMediaFromBucket(deps: Deps) {
  const { files } = await listBucketFiles(deps)
  await fillStoredHashes(deps)
  const ownerId = systemUserId(deps)
  const counts = { imported: 0, skipped: 0, errors: 0 }
  for (const f of files) {
    try {
      counts[await importObject(deps, f.key, ownerId)]++
    } catch (e) {
      counts.errors++
      logger.error({ key: f.key, err: e }, 'bucket import failed')
    }
  }
  writeAuditEvent(deps, 'MEDIA_IMPORT', { ...counts, totalFiles: files.length, by: deps.config.adminUsername })
  return { message: `Imported ${counts.imported} of ${files.length} files`, ...counts, totalFiles: files.length }
}
