/** GET /api/admin/backup: a consistent copy of the database as a download (Data safety). Mounted behind adminGuard. */
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
      const name = backupFileName(deps.clock.now(), copy.format.extension)
      const headers = {
        'content-type': copy.format.contentType,
        'content-length': String(copy.size),
        'content-disposition': `attachment; filename="${name}"`,
        'cache-control': 'no-store',
      }
      return new Response(copy.body, { headers })
    },
    {
      detail: {
        summary:
          'A consistent copy of the database taken while the server runs: the SQLite file (VACUUM INTO) or a pg_dump archive on PostgreSQL (501 when pg_dump is not installed); restore it with `hotvote restore`',
        tags: ['admin backup'],
        responses: fileAnswer('application/vnd.sqlite3', 'The SQLite database file'),
      },
    },
  )
