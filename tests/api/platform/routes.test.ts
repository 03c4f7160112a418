/**
 * Every API path exists once: the app registers exactly the patterns of `routes` in
 * server/contract/paths.ts, and each `paths` builder produces a path its own pattern answers, with its parameters
 * encoded so they come back whole. (tests/architecture.test.ts keeps path strings out of the route files.)
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { ADMIN_CONFIG_PATHS, DB_TEST_CHECKS, fill, isAdminApiPath, paths, routeRegExp, routes, type RouteName } from '@contract/paths'
import { makeTestApp } from '../../support/test-app'

type Builders = typeof paths
/** Arguments each builder is called with below; every builder needs at least one call (tricky strings on purpose). */
const SAMPLES: { [K in keyof Builders]: Parameters<Builders[K]>[] } = {
  health: [[]],
  ready: [[]],
  openapi: [[]],
  session: [[]],
  mediaUpload: [[]],
  mediaFile: [['media/2026/11/a b#?.jpg'], ['variants/7/w640.webp']],
  mediaRandom: [[7], [7, 12]],
  mediaQueue: [[7], [7, { exclude: [1, 2], limit: 5 }]],
  mediaView: [[12]],
  mediaDelete: [[12, 7]],
  mediaTus: [[]],
  mediaTusUpload: [['0123456789abcdef0123456789abcdef']],
  mediaTusResult: [['0123456789abcdef0123456789abcdef']],
  adminBucketTus: [[]],
  adminBucketTusUpload: [['0123456789abcdef0123456789abcdef']],
  adminBucketTusResult: [['0123456789abcdef0123456789abcdef']],
  votes: [[]],
  siteSettings: [[]],
  voteMultiplierConfig: [[]],
  emailCaptureConfig: [[]],
  skipButtonConfig: [[]],
  adConfig: [['zone1'], ['a/b?c']],
  adFrame: [['zone1'], ['a/b?c']],
  idleRedirectConfig: [[]],
  userStats: [[7]],
  user: [[7]],
  checkUsername: [['ann'], ['a/b c?#%']],
  dmcaTakedown: [[]],
  validateEmail: [[]],
  sendMagicLink: [[]],
  loginExisting: [[]],
  verifyMagicLink: [[]],
  magicLinkInfo: [[]],
  emailCapture: [[]],
  adminLogin: [[]],
  adminLogout: [[]],
  adminConfig: (Object.keys(ADMIN_CONFIG_PATHS) as (keyof typeof ADMIN_CONFIG_PATHS)[]).map((name) => [name]),
  adminRedirectHistory: [['idle-redirect'], ['back-button']],
  adminMedia: [[], [{ limit: 10, offset: 20 }], [{ nearCopies: true }]],
  adminMediaItem: [[12]],
  adminUsers: [[], [{ limit: 10 }]],
  dbTest: DB_TEST_CHECKS.map((check) => [check]),
  adminDmcaTakedowns: [[]],
  adminDmcaTakedown: [[3], ['x/y']],
  adminAuditLogs: [[], [{ eventType: 'ADMIN_LOGIN', search: 'a b', date: '2026-11-22', export: true }]],
  adminInactiveCount: [[]],
  adminPurgeInactive: [[]],
  adminFixSequence: [[]],
  adminResetDatabase: [[]],
  adminPopulateVotes: [[]],
  adminExportVotes: [[]],
  adminBucketFiles: [[], [{ checksums: true }]],
  adminDeleteBucketFiles: [[]],
  adminFindDuplicates: [[]],
  adminResolveNearDuplicates: [[]],
  adminDismissNearDuplicates: [[]],
  adminShowHiddenCopy: [[]],
  adminImportMedia: [[]],
  adminBucketUpload: [[]],
  adminBackup: [[]],
  adminReprocess: [[], ['2026-11-01']],
}

/** The routes a builder whose name is not a route name fills, by builder. */
const SPREAD_BUILDERS: Partial<Record<keyof Builders, readonly string[]>> = {
  adminConfig: Object.values(ADMIN_CONFIG_PATHS),
  adminRedirectHistory: [routes.adminIdleRedirectHistory, routes.adminBackButtonHistory],
  dbTest: [routes.dbTestConnection, routes.dbTestSchema, routes.dbTestCounts, routes.dbTestQueries],
}

/** Routes no builder fills: the OpenAPI base only redirects to the document. */
const WITHOUT_BUILDER: readonly RouteName[] = ['openapiBase']

/** The pattern that answers path: the matching one with the fewest parameters (static segments win, as in Elysia). */
const patternFor = (path: string) =>
  Object.values(routes)
    .filter((p) => routeRegExp(p).test(path))
    .sort((a, b) => (a.match(/[:*]/g)?.length ?? 0) - (b.match(/[:*]/g)?.length ?? 0))[0]

describe('the route patterns in server/contract/paths.ts', () => {
  const t = makeTestApp()
  afterAll(t.cleanup)
  const registered = t.app.routes.map((r) => ({ method: r.method, path: r.path }))
  const patterns = new Set<string>(Object.values(routes))

  it('put exactly the back office APIs (admin*, dbTest*) under ADMIN_API_PREFIXES, which set their body limit and keep them out of caches', () => {
    const names = Object.keys(routes) as RouteName[]
    const admin = names.filter((name) => /^(admin|dbTest)[A-Z]/.test(name))
    expect(admin.length).toBeGreaterThan(20)
    expect(admin.filter((name) => !isAdminApiPath(routes[name]))).toEqual([])
    expect(names.filter((name) => !admin.includes(name) && isAdminApiPath(routes[name]))).toEqual([])
  })

  it('are each registered by the app', () => {
    const registeredPaths = new Set(registered.map((r) => r.path))
    expect([...patterns].filter((p) => !registeredPaths.has(p))).toEqual([])
  })

  it('are the only /api routes the app registers (besides the catch-all that answers 404 JSON)', () => {
    const api = registered.filter((r) => r.path.startsWith('/api') && !(r.method === 'ALL' && r.path === '/api/*'))
    expect(api.length).toBeGreaterThan(60)
    expect(api.filter((r) => !patterns.has(r.path)).map((r) => `${r.method} ${r.path}`)).toEqual([])
  })

  it('are each filled by the builder of the same name, or by the builder that spreads over them', () => {
    const filled = new Set<string>()
    const wrong: string[] = []
    for (const name of Object.keys(paths) as (keyof Builders)[]) {
      const own = SPREAD_BUILDERS[name] ?? [routes[name as RouteName]]
      const samples = SAMPLES[name] as unknown[][] | undefined
      expect({ name, sampled: (samples?.length ?? 0) > 0 }).toEqual({ name, sampled: true })
      for (const args of samples!) {
        const path = (paths[name] as (...a: unknown[]) => string)(...args).split('?')[0]
        const pattern = patternFor(path)
        if (!pattern || !own.includes(pattern))
          wrong.push(`${name}(${JSON.stringify(args)}) = ${path} is answered by ${pattern ?? 'no route'}`)
        else filled.add(pattern)
      }
    }
    expect(wrong).toEqual([])
    const unfilled = (Object.keys(routes) as RouteName[]).filter((name) => !filled.has(routes[name]) && !WITHOUT_BUILDER.includes(name))
    expect(unfilled).toEqual([])
  })

  it('get their parameters back whole from a built path: strings URI-encoded, a wildcard keeping its slashes', () => {
    const username = 'a/b c?#%'
    const [, gotName] = routeRegExp(routes.checkUsername).exec(paths.checkUsername(username))!
    expect(decodeURIComponent(gotName)).toBe(username)
    const key = 'media/2026/11/a b#?.jpg'
    const [, gotKey] = routeRegExp(routes.mediaFile).exec(paths.mediaFile(key))!
    expect(gotKey.split('/').map(decodeURIComponent).join('/')).toBe(key)
    expect(fill(routes.userStats, { id: 7 })).toBe('/api/users/7/stats')
    expect(fill(routes.health)).toBe('/api/health')
  })
})
