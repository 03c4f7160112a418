/** Admin media, users and database checks (admin-back-office §2 Media, Users, Database; server-contract: Admin API). */
import type { Deps } from '../../core/deps'
import type { AdminMedia, AdminUser } from '../../contract/admin/data'
import type { Page, PageQuery } from '../../contract/admin/paging'
import { writeAuditEvent } from '../../core/audit-log'
import { mustFind } from '../../http/errors'
import { readPage } from '../../http/paging'
import { mediaLinks } from '../../media/media-url'
import { deleteItemObjects } from '../../media/pipeline/process-media'
import { purgeDeletedMedia } from '../../media/media-edge'
import { countMedia, deleteMediaById, findMediaById, listMediaWithFigures } from '../../repositories/media.repository'
import { countUsers, listUsersWithActivity } from '../../repositories/users.repository'
import { countTables, isConnected, listTableNames, databaseVersion } from '../../repositories/database.repository'

/**
 * A page of media, newest first, the number of media items and the next page's cursor; with nearCopies, only the
 * items flagged as near copies of an older item (and their number).
 */
export async function listAdminMedia(deps: Pick<Deps, 'db' | 'config'>, page: PageQuery, nearCopies = false): Promise<Page<AdminMedia>> {
  const { rows, next } = await readPage(
    page,
    (p) => listMediaWithFigures(deps.db, p, nearCopies),
    (row) => row.id,
  )
  const items = rows.map(
    ({ hotVotes, totalVotes, storageKey, placeholder, variants, frames, processedAt, hiddenAt, hiddenAsCopyAt, ...row }) => ({
      ...row,
      hotVotes,
      notVotes: totalVotes - hotVotes,
      totalVotes,
      ...mediaLinks(deps.config, { storageKey, mimeType: row.mimeType, placeholder, variants, frames, processedAt, hiddenAt }),
      processed: processedAt !== null,
      hidden: hiddenAt !== null,
      hiddenAsCopy: hiddenAsCopyAt !== null,
    }),
  )
  return { items, total: await countMedia(deps.db, nearCopies), next }
}

/** A page of users, newest first, with their activity figures, the number of users and the next page's cursor. */
export async function listAdminUsers(deps: Pick<Deps, 'db'>, page: PageQuery): Promise<Page<AdminUser>> {
  const { rows, next } = await readPage(
    page,
    (p) => listUsersWithActivity(deps.db, p),
    (row) => row.id,
  )
  return { items: rows, total: await countUsers(deps.db), next }
}

/** Deletes any media item with its objects (derived ones too), votes and views, purging its URLs from the CDN (media from the edge); ADMIN_DELETE_REQUEST/COMPLETED audit. Throws HttpError 404. */
export async function adminDeleteMedia(deps: Deps, mediaId: number): Promise<void> {
  const row = mustFind(await findMediaById(deps.db, mediaId), 'Media')
  const context = {
    mediaId,
    ownerId: row.userId,
    storageKey: row.storageKey,
    originalName: row.originalName,
    by: deps.config.adminUsername,
  }
  await writeAuditEvent(deps, 'ADMIN_DELETE_REQUEST', context)
  const objectDeleted = await deleteItemObjects(deps.storage, row.storageKey, row.variants)
  await deleteMediaById(deps.db, mediaId)
  await purgeDeletedMedia(deps, row)
  await writeAuditEvent(deps, 'ADMIN_DELETE_COMPLETED', { ...context, objectDeleted })
}

/** Times fn in ms (rounded to 0.01) and returns its result with the duration. */
async function timed<T>(fn: () => Promise<T>): Promise<T & { durationMs: number }> {
  const start = performance.now()
  const result = await fn()
  return { ...result, durationMs: Math.round((performance.now() - start) * 100) / 100 }
}

/** The four database checks of the Database page: connection, schema, counts, sample queries; each with durationMs. */
export const dbChecks = {
  connection: (deps: Pick<Deps, 'db'>) =>
    timed(async () => ({ connected: await isConnected(deps.db), sqliteVersion: await databaseVersion(deps.db) })),
  schema: (deps: Pick<Deps, 'db'>) => timed(async () => ({ tables: await listTableNames(deps.db) })),
  counts: (deps: Pick<Deps, 'db'>) => timed(() => countTables(deps.db)),
  queries: (deps: Pick<Deps, 'db'>) =>
    timed(async () => ({
      newestMedia: (await listMediaWithFigures(deps.db, { limit: 3, offset: 0 })).map((m) => ({
        id: m.id,
        originalName: m.originalName,
        totalVotes: m.totalVotes,
      })),
      newestUsers: (await listUsersWithActivity(deps.db, { limit: 3, offset: 0 })).map((u) => ({ id: u.id, username: u.username })),
    })),
}
