/** Admin takedown calls (admin-back-office §7). Mounted behind adminGuard. */
import { Elysia } from 'elysia'
import * as v from 'valibot'
import type { Deps } from '../../core/deps'
import { IdParamsSchema } from '../../contract/common'
import { AdminDmcaSchema, DmcaUpdateAnswerSchema, DmcaUpdateSchema } from '../../contract/admin/dmca'
import { routes } from '../../contract/paths'
import { listTakedowns, updateTakedown } from './admin-dmca.service'

const detail = (summary: string) => ({ summary, tags: ['admin'] })

/** The admin takedown routes under /api/admin. */
export const adminDmcaRoutes = (deps: Deps) =>
  new Elysia()
    .get(routes.adminDmcaTakedowns, () => listTakedowns(deps), { response: { 200: v.array(AdminDmcaSchema) }, detail: detail('Every takedown request, newest first') })
    .patch(routes.adminDmcaTakedown, ({ params, body }) => updateTakedown(deps, params.id, body), {
      params: IdParamsSchema,
      body: DmcaUpdateSchema,
      response: { 200: DmcaUpdateAnswerSchema },
      detail: detail('Change status (allowed transitions only, else 409) and notes; resolving hides the named media'),
    })
