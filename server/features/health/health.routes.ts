/** GET /api/health and GET /api/ready: unauthenticated, cheap, never cached; for supervisors and load balancers. */
import { Elysia } from 'elysia'
import type { Deps } from '../../core/deps'
import { HealthSchema, ReadySchema } from '../../contract/health'
import { routes } from '../../contract/paths'
import { checkHealth, checkReadiness } from './health.service'
import { registerReadiness } from '../../core/metrics'
import { isDraining } from '../../core/shutdown'

/** The readiness answer of a server that is shutting down (server/core/shutdown.ts): 503 without running the checks. */
const SHUTTING_DOWN = {
  ready: false,
  answer: { status: 'not ready', checks: { database: 'server shutting down', storage: 'server shutting down' } },
} as const

/** The health routes; the readiness check also feeds hotvote_ready on /metrics. */
export const healthRoutes = (deps: Deps) => {
  registerReadiness(async () => (await checkReadiness(deps)).ready)
  return new Elysia({ tags: ['health'] })
    .get(
      routes.health,
      ({ set }) => {
        set.headers['cache-control'] = 'no-store'
        return checkHealth()
      },
      { response: { 200: HealthSchema }, detail: { summary: 'The process is up and answering (liveness); no database or storage work' } },
    )
    .get(
      routes.ready,
      async ({ set }) => {
        const { ready, answer } = isDraining() ? SHUTTING_DOWN : await checkReadiness(deps)
        set.headers['cache-control'] = 'no-store'
        set.status = ready ? 200 : 503
        return answer
      },
      {
        response: { 200: ReadySchema, 503: ReadySchema },
        detail: { summary: 'Ready to serve: a database query and a storage head succeed (200), else 503 naming the failed check' },
      },
    )
}
