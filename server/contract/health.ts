/** Health answers for supervisors and load balancers (GET /api/health, GET /api/ready). Imports only valibot. */
import * as v from 'valibot'

/** GET /api/health: the process is up and serving. uptime in seconds. */
export const HealthSchema = v.object({ status: v.literal('ok'), uptime: v.number() })
export type Health = v.InferOutput<typeof HealthSchema>

/** One readiness check: 'ok', or the reason it failed. */
const CheckSchema = v.union([v.literal('ok'), v.string()])

/** GET /api/ready: 200 with status 'ready' when every check is 'ok', else 503 with status 'not ready'. */
export const ReadySchema = v.object({
  status: v.picklist(['ready', 'not ready']),
  checks: v.object({ database: CheckSchema, storage: CheckSchema }),
})
export type Ready = v.InferOutput<typeof ReadySchema>
