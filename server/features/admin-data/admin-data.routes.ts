/**
 * Admin media, users and database-test calls (admin-back-office §7; server-contract: Admin API). Lists answer one
 * page (contract/admin/paging) as the array the client expects, with X-Total-Count. Mounted behind adminGuard, /api/db-test too.
 */
import { Elysia } from 'elysia'
import * as v from 'valibot'
import type { Deps } from '../../core/deps'
import { IdParamsSchema } from '../../contract/common'
import {
  AdminMediaQuerySchema,
  AdminMediaSchema,
  AdminUserSchema,
  DbConnectionSchema,
  DbCountsCheckSchema,
  DbQueriesCheckSchema,
  DbSchemaCheckSchema,
} from '../../contract/admin/data'
import { PageQuerySchema } from '../../contract/admin/paging'
import { routes } from '../../contract/paths'
import { noContent } from '../../http/openapi-responses'
import { answerPage } from '../../http/paging'
import { adminDeleteMedia, dbChecks, listAdminMedia, listAdminUsers } from './admin-data.service'

const detail = (summary: string) => ({ summary, tags: ['admin'] })

/** The admin data routes. */
export const adminDataRoutes = (deps: Deps) =>
  new Elysia()
    .get(
      routes.adminMedia,
      async ({ query, set }) => {
        set.headers['cache-control'] = 'no-store'
        return answerPage(set, await listAdminMedia(deps, query, query.nearCopies === 'true'))
      },
      {
        query: AdminMediaQuerySchema,
        response: { 200: v.array(AdminMediaSchema) },
        detail: detail(
          'A page of media items with actual counts, newest first, with X-Total-Count and X-Next-Cursor (also verifies an admin login); ?nearCopies=true keeps the uploads flagged as near copies of an older item',
        ),
      },
    )
    .delete(
      routes.adminMediaItem,
      async ({ params, set }) => {
        await adminDeleteMedia(deps, params.id)
        set.status = 204
      },
      {
        params: IdParamsSchema,
        detail: { ...detail('Delete any media item, its votes and views (audited)'), responses: noContent('Deleted') },
      },
    )
    .get(routes.adminUsers, async ({ query, set }) => answerPage(set, await listAdminUsers(deps, query)), {
      query: PageQuerySchema,
      response: { 200: v.array(AdminUserSchema) },
      detail: detail(
        'A page of users with uploads, votes and views they made, logins and last login, newest first, with X-Total-Count and X-Next-Cursor',
      ),
    })
    .get(routes.dbTestConnection, () => dbChecks.connection(deps), {
      response: { 200: DbConnectionSchema },
      detail: detail('Database connection check, with durationMs'),
    })
    .get(routes.dbTestSchema, () => dbChecks.schema(deps), {
      response: { 200: DbSchemaCheckSchema },
      detail: detail('Tables of the schema, with durationMs'),
    })
    .get(routes.dbTestCounts, () => dbChecks.counts(deps), {
      response: { 200: DbCountsCheckSchema },
      detail: detail('Rows in users, media, votes and views, with durationMs'),
    })
    .get(routes.dbTestQueries, () => dbChecks.queries(deps), {
      response: { 200: DbQueriesCheckSchema },
      detail: detail('Sample queries, with durationMs'),
    })
