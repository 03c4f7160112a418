/** Admin takedown calls (admin-back-office §7). Mounted behind adminGuard. */
import { Elysia } from 'elysia'
import * as v from 'valibot'
import type { Deps } from '../../core/deps'
import { IdParamsSchema } from '../../contract/common'
import { AdminDmcaSchema, DmcaUpdateAnswerSchema, DmcaUpdateSchema } from '../../contract/admin/dmca'
import { PageQuerySchema } from '../../contract/admin/paging'
import { routes } from '../../contract/paths'
import { answerPage } from '../../http/paging'
import { listTakedowns, updateTakedown } from './admin-dmca.service'

const detail = (summary: string) => ({ summary, tags: ['admin'] })

/** The admin takedown routes under /api/admin. */
export const adminDmcaRoutes = (deps: Deps) =>
  new Elysia()
    .get(routes.adminDmcaTakedowns, async ({ query, set }) => answerPage(set, await listTakedowns(deps, query)), {
      query: PageQuerySchema,
      response: { 200: v.array(AdminDmcaSchema) },
      detail: detail('A page of takedown requests, newest first, with X-Total-Count and X-Next-Cursor'),
    })
    .patch(routes.adminDmcaTakedown, ({ params, body }) => updateTakedown(deps, params.id, body), {
      params: IdParamsSchema,
      body: DmcaUpdateSchema,
      response: { 200: DmcaUpdateAnswerSchema },
      detail: detail('Change status (allowed transitions only, else 409) and notes; resolving hides the named media'),
    })
