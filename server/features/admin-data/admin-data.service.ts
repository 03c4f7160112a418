/** Admin media, users and database checks (admin-back-office §2 Media, Users, Database; server-contract: Admin API). */
import type { Deps } from '../../core/deps'
import type { AdminMedia, AdminUser } from '../../contract/admin/data'
import type { Page, PageQuery } from '../../contract/admin/paging'
import { writeAuditEvent } from '../../core/audit-log'
import { mustFind } from '../../http/errors'
import { mediaDisplay, mediaUrl } from '../../media/media-url'
import { deleteItemObjects } from '../../media-pipeline/process-media'
import { deleteMediaById, findMediaById } from '../../media/media-items.repo'
import { countMedia, countTables, countUsers, isConnected, listMediaWithFigures, listTableNames, listUsersWithActivity, sqliteVersion } from './admin-data.repo'

/** A page of media, newest first, and the number of media items. */
export function listAdminMedia(deps: Pick<Deps, 'db'>, { limit, offset }: PageQuery): Page<AdminMedia> {
  const items = listMediaWithFigures(deps.db, limit, offset).map(({ hotVotes, totalVotes, storageKey, placeholder, variants, processedAt, ...row }) => ({
    ...row,
    url: mediaUrl(storageKey),
    hotVotes,
    notVotes: totalVotes - hotVotes,
    totalVotes,
    ...mediaDisplay({ storageKey, mimeType: row.mimeType, placeholder, variants, processedAt }),
    processed: processedAt !== null,
  }))
  return { items, total: countMedia(deps.db) }
}

/** A page of users, newest first, with their activity figures, and the number of users. */
export function listAdminUsers(deps: Pick<Deps, 'db'>, { limit, offset }: PageQuery): Page<AdminUser> {
  return { items: listUsersWithActivity(deps.db, limit, offset), total: countUsers(deps.db) }
}

/** Deletes any media item with its objects (derived ones too, issue #11), votes and views; ADMIN_DELETE_REQUEST/COMPLETED audit. Throws HttpError 404. */
export async function adminDeleteMedia(deps: Deps, mediaId: number): Promise<void> {
  const row = mustFind(findMediaById(deps.db, mediaId), 'Media')
  const context = { mediaId, ownerId: row.userId, storageKey: row.storageKey, originalName: row.originalName, by: deps.config.adminUsername }
  writeAuditEvent(deps, 'ADMIN_DELETE_REQUEST', context)
  const objectDeleted = await deleteItemObjects(deps.storage, row.storageKey, row.variants)
  deleteMediaById(deps.db, mediaId)
  writeAuditEvent(deps, 'ADMIN_DELETE_COMPLETED', { ...context, objectDeleted })
}

/** Times fn in ms (rounded to 0.01) and returns its result with the duration. */
function timed<T>(fn: () => T): T & { durationMs: number } {
  const start = performance.now()
  const result = fn()
  return { ...result, durationMs: Math.round((performance.now() - start) * 100) / 100 }
}

/** The four database checks of the Database page: connection, schema, counts, sample queries; each with durationMs. */
export const dbChecks = {
  connection: (deps: Pick<Deps, 'db'>) => timed(() => ({ connected: isConnected(deps.db), sqliteVersion: sqliteVersion(deps.db) })),
  schema: (deps: Pick<Deps, 'db'>) => timed(() => ({ tables: listTableNames(deps.db) })),
  counts: (deps: Pick<Deps, 'db'>) => timed(() => countTables(deps.db)),
  queries: (deps: Pick<Deps, 'db'>) =>
    timed(() => ({
      newestMedia: listMediaWithFigures(deps.db, 3, 0).map((m) => ({ id: m.id, originalName: m.originalName, totalVotes: m.totalVotes })),
      newestUsers: listUsersWithActivity(deps.db, 3, 0).map((u) => ({ id: u.id, username: u.username })),
    })),
}
