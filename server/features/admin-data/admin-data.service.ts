/** Admin media, users and database checks (admin-back-office §2 Media, Users, Database; server-contract: Admin API). */
import { eq, sql } from 'drizzle-orm'
import type { Deps } from '../../core/deps'
import { media } from '../../db/schema'
import type { AdminMedia, AdminUser } from '../../contract/admin/data'
import { writeAuditEvent } from '../../core/audit-log'
import { mustFind } from '../../http/errors'
import { mediaDisplay, mediaUrl } from '../../media/media-url'
import { deleteItemObjects, derivedKeysOf } from '../../media-pipeline/process-media'
import { findMediaById } from '../../media/media-items.repo'
import { countTables, listMediaWithFigures, listUsersWithActivity } from './admin-data.repo'

/** A page of media (all without limit) and the total count. */
export function listAdminMedia(deps: Pick<Deps, 'db'>, limit = -1, offset = 0): { items: AdminMedia[]; total: number } {
  const items = listMediaWithFigures(deps.db, limit, offset).map(({ hotVotes, totalVotes, storageKey, placeholder, variants, processedAt, ...row }) => ({
    ...row,
    url: mediaUrl(storageKey),
    hotVotes,
    notVotes: totalVotes - hotVotes,
    totalVotes,
    ...mediaDisplay({ storageKey, mimeType: row.mimeType, placeholder, variants, processedAt }),
    processed: processedAt !== null,
  }))
  return { items, total: countTables(deps.db).totalMedia }
}

/** A page of users (all without limit) and the total count. */
export function listAdminUsers(deps: Pick<Deps, 'db'>, limit = -1, offset = 0): { items: AdminUser[]; total: number } {
  return { items: listUsersWithActivity(deps.db, limit, offset), total: countTables(deps.db).totalUsers }
}

/** Deletes any media item with its objects (derived ones too, issue #11), votes and views; ADMIN_DELETE_REQUEST/COMPLETED audit. Throws HttpError 404. */
export async function adminDeleteMedia(deps: Deps, mediaId: number): Promise<void> {
  const row = mustFind(findMediaById(deps.db, mediaId), 'Media')
  const context = { mediaId, ownerId: row.userId, storageKey: row.storageKey, originalName: row.originalName, by: deps.config.adminUsername }
  writeAuditEvent(deps, 'ADMIN_DELETE_REQUEST', context)
  const objectDeleted = await deleteItemObjects(deps.storage, row.storageKey, derivedKeysOf(row.storageKey, row.variants))
  deps.db.delete(media).where(eq(media.id, mediaId)).run()
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
  connection: (deps: Pick<Deps, 'db'>) => timed(() => ({ connected: deps.db.all<{ ok: number }>(sql`select 1 as ok`)[0].ok === 1, sqliteVersion: deps.db.all<{ v: string }>(sql`select sqlite_version() as v`)[0].v })),
  schema: (deps: Pick<Deps, 'db'>) => timed(() => ({ tables: deps.db.all<{ name: string }>(sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' order by name`).map((t) => t.name) })),
  counts: (deps: Pick<Deps, 'db'>) => timed(() => countTables(deps.db)),
  queries: (deps: Pick<Deps, 'db'>) =>
    timed(() => ({
      newestMedia: listMediaWithFigures(deps.db, 3, 0).map((m) => ({ id: m.id, originalName: m.originalName, totalVotes: m.totalVotes })),
      newestUsers: listUsersWithActivity(deps.db, 3, 0).map((u) => ({ id: u.id, username: u.username })),
    })),
}
