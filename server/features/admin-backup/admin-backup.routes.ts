/** GET /api/admin/backup: a consistent copy of the database as a download (issue #10, Data safety). Mounted behind adminGuard. */
import { Elysia } from 'elysia'
import type { Deps } from '../../core/deps'
import { routes } from '../../contract/paths'
import { backupFileName, copyDatabase } from './admin-backup.service'
import { fileAnswer } from '../../http/openapi-responses'

/** The backup route. */
export const adminBackupRoutes = (deps: Deps) =>
  new Elysia().get(
    routes.adminBackup,
    async () => {
      const copy = await copyDatabase(deps)
      const headers = { 'content-type': 'application/vnd.sqlite3', 'content-length': String(copy.size), 'content-disposition': `attachment; filename="${backupFileName(deps.clock.now())}"`, 'cache-control': 'no-store' }
      return new Response(copy.body, { headers })
    },
    { detail: { summary: 'A consistent copy of the SQLite database (VACUUM INTO), taken while the server runs; restore it with `hotvote restore`', tags: ['admin backup'], responses: fileAnswer('application/vnd.sqlite3', 'The SQLite database file') } },
  )
