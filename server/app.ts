/**
 * createApp(deps): the whole HotVote HTTP app (server-contract: General) — the one error mapper,
 * the OpenAPI document at /api/openapi/json (no UI page, so no script from a CDN), every feature's routes, and the PWA for every other path.
 */
import { Elysia } from 'elysia'
import { openapi } from '@elysiajs/openapi'
import { toJsonSchema } from '@valibot/to-json-schema'
import { join } from 'node:path'
import type { Deps } from './core/deps'
import { HttpError, mapError } from './http/errors'
import { answeredWith, requestIdOf, requestLog } from './http/request-log'
import { metricsRoutes } from './http/metrics-route'
import { serveClient } from './http/static-client'
import { bodyLimit } from './http/body-limit'
import { requestStart } from './http/request-start'
import { paths, routes } from './contract/paths'
import { sessionRoutes } from './features/session/session.routes'
import { visitorStarter } from './features/session/session.service'
import { firstScreenRoutes } from './features/first-screen/first-screen.routes'
import { pickMediaQueue } from './features/media/media-pick.service'
import { mediaRoutes } from './features/media/media.routes'
import { votesRoutes } from './features/votes/votes.routes'
import { publicConfigRoutes } from './features/public-config/public-config.routes'
import { userStatsRoutes } from './features/user-stats/user-stats.routes'
import { dmcaRoutes } from './features/dmca/dmca.routes'
import { profileRoutes } from './features/profile/profile.routes'
import { authRoutes } from './features/auth/auth.routes'
import { adminGuard } from './features/admin-auth/admin-auth'
import { adminConfigRoutes } from './features/admin-config/admin-config.routes'
import { adminDataRoutes } from './features/admin-data/admin-data.routes'
import { adminDmcaRoutes } from './features/admin-dmca/admin-dmca.routes'
import { adminAuditRoutes } from './features/admin-audit/admin-audit.routes'
import { adminMaintenanceRoutes } from './features/admin-maintenance/admin-maintenance.routes'
import { adminVotesRoutes } from './features/admin-votes/admin-votes.routes'
import { adminBucketRoutes } from './features/admin-bucket/admin-bucket.routes'
import { healthRoutes } from './features/health/health.routes'
import { adminBackupRoutes } from './features/admin-backup/admin-backup.routes'
import { adminMediaReprocessRoutes } from './features/admin-media-reprocess/admin-media-reprocess.routes'

/** Where `npm run build` writes the client. */
export const CLIENT_DIST = join(import.meta.dir, '..', 'client', 'dist')

const apiNotFound = (path: string) => {
  throw new HttpError(404, `No API route ${path}`)
}

/** Builds the app on deps; clientDist overrides where the built PWA is read from. Call .handle(Request) or .listen(port). */
export function createApp(deps: Deps, clientDist = CLIENT_DIST) {
  return new Elysia()
    .use(requestStart(deps))
    .use(requestLog(deps.config))
    .onError(({ code, error, request }) => answeredWith(request, mapError(code, error, requestIdOf(request))))
    .use(bodyLimit())
    .use(
      // JSON only: the bundled UI would load Scalar's script from a CDN.
      openapi({
        path: routes.openapiBase,
        provider: null,
        mapJsonSchema: { valibot: (schema: never) => toJsonSchema(schema, { errorMode: 'ignore' }) },
        documentation: {
          info: { title: 'HotVote API', version: '1.0.0', description: 'Public, visitor and admin calls of HotVote (see shared spec).' },
        },
      }),
    )
    .use(metricsRoutes(deps.config))
    .use(healthRoutes(deps))
    .use(sessionRoutes(deps))
    .use(mediaRoutes(deps))
    .use(votesRoutes(deps))
    .use(publicConfigRoutes(deps))
    .use(userStatsRoutes(deps))
    .use(dmcaRoutes(deps))
    .use(profileRoutes(deps))
    .use(authRoutes(deps))
    .use(
      firstScreenRoutes(deps, clientDist, {
        resumeVisitor: visitorStarter(deps),
        // No user has id 0: a queue for nobody leaves nothing out.
        pickQueue: (userId, limit) => pickMediaQueue(deps, userId ?? 0, [], limit),
      }),
    )
    .use(
      adminGuard(deps, [
        adminConfigRoutes(deps),
        adminDataRoutes(deps),
        adminDmcaRoutes(deps),
        adminAuditRoutes(deps),
        adminMaintenanceRoutes(deps),
        adminVotesRoutes(deps),
        adminBucketRoutes(deps),
        adminBackupRoutes(deps),
        adminMediaReprocessRoutes(deps),
      ]),
    )
    .get(routes.openapiBase, ({ redirect }) => redirect(paths.openapi()), { detail: { hide: true } })
    .all('/api/*', ({ path }) => apiNotFound(path), { detail: { hide: true } })
    .get(
      '/*',
      ({ path, request }) =>
        path.startsWith('/api/')
          ? apiNotFound(path)
          : serveClient(clientDist, path, request.headers.get('accept-encoding'), deps.config.production),
      { detail: { hide: true } },
    )
}

/** The app type, for tests and Eden-style clients. */
export type App = ReturnType<typeof createApp>
