/**
 * Every API path, declared once. `routes` holds each route's pattern, which the
 * server registers as is; `paths` builds each path from its parameters by filling its pattern, and the client, the
 * CLI and the tests call these instead of retyping strings. Ids are numbers, other segments are URI-encoded, query
 * strings are built here.
 */
import type { PageRequest } from './admin/paging'

/**
 * The pattern of every API route by name (server-contract; admin-back-office §7): `:name` is one path segment, `*`
 * the rest of the path. A route file registers `routes.x`, never a string of its own (tests/architecture.test.ts);
 * tests/api/platform/routes.test.ts checks that the app registers exactly these and that each builder fills its own.
 */
export const routes = {
  health: '/api/health',
  ready: '/api/ready',
  /** The OpenAPI document; the plugin serves it under openapiBase + '/json'. */
  openapi: '/api/openapi/json',
  /** The OpenAPI plugin's base path, which redirects to the document. */
  openapiBase: '/api/openapi',
  session: '/api/session',
  mediaUpload: '/api/media/upload',
  mediaFile: '/api/media/file/*',
  mediaRandom: '/api/media/random/:userId',
  mediaQueue: '/api/media/queue/:userId',
  mediaView: '/api/media/:id/view',
  mediaDelete: '/api/media/:id',
  /** Resumable uploads (tus 1.0, docs/uploads.md): creation; HEAD, PATCH, DELETE one upload; its stored answer. */
  mediaTus: '/api/media/tus',
  mediaTusUpload: '/api/media/tus/:uploadId',
  mediaTusResult: '/api/media/tus/:uploadId/result',
  votes: '/api/votes',
  siteSettings: '/api/site-settings',
  voteMultiplierConfig: '/api/vote-multiplier-config',
  emailCaptureConfig: '/api/email-capture-config',
  skipButtonConfig: '/api/ad-config/skip-button',
  adConfig: '/api/ad-config/:zoneId',
  adFrame: '/api/ad-frame/:zoneId',
  idleRedirectConfig: '/api/idle-redirect-config',
  userStats: '/api/users/:id/stats',
  user: '/api/users/:id',
  checkUsername: '/api/users/check-username/:username',
  dmcaTakedown: '/api/dmca-takedown',
  validateEmail: '/api/validate-email',
  sendMagicLink: '/api/auth/send-magic-link',
  loginExisting: '/api/auth/login-existing',
  verifyMagicLink: '/api/auth/verify',
  magicLinkInfo: '/api/auth/link-info',
  emailCapture: '/api/email-capture',

  adminLogin: '/api/admin/login',
  adminLogout: '/api/admin/logout',
  adminVoteMultiplierConfig: '/api/admin/vote-multiplier-config',
  adminEmailCaptureConfig: '/api/admin/email-capture-config',
  adminIdleRedirectConfig: '/api/admin/idle-redirect-config',
  adminIdleRedirectHistory: '/api/admin/idle-redirect-history',
  adminBackButtonConfig: '/api/admin/back-button-config',
  adminBackButtonHistory: '/api/admin/back-button-history',
  adminZone1Config: '/api/admin/ad-config/zone1',
  adminSkipButtonConfig: '/api/admin/ad-config/skip-button',
  adminMedia: '/api/admin/media',
  adminMediaItem: '/api/admin/media/:id',
  adminUsers: '/api/admin/users',
  dbTestConnection: '/api/db-test/connection',
  dbTestSchema: '/api/db-test/schema',
  dbTestCounts: '/api/db-test/counts',
  dbTestQueries: '/api/db-test/queries',
  adminDmcaTakedowns: '/api/admin/dmca-takedowns',
  adminDmcaTakedown: '/api/admin/dmca-takedowns/:id',
  adminAuditLogs: '/api/admin/audit-logs',
  adminInactiveCount: '/api/admin/inactive-accounts-count',
  adminPurgeInactive: '/api/admin/purge-inactive-accounts',
  adminFixSequence: '/api/admin/fix-user-sequence',
  adminResetDatabase: '/api/admin/reset-database',
  adminPopulateVotes: '/api/admin/populate-votes',
  adminExportVotes: '/api/admin/export-votes',
  adminBucketFiles: '/api/admin/list-bucket-files',
  adminDeleteBucketFiles: '/api/admin/delete-bucket-files',
  adminFindDuplicates: '/api/admin/find-duplicates',
  adminResolveNearDuplicates: '/api/admin/near-duplicates/resolve',
  adminDismissNearDuplicates: '/api/admin/near-duplicates/dismiss',
  adminShowHiddenCopy: '/api/admin/near-duplicates/show',
  adminImportMedia: '/api/admin/import-media',
  adminBucketUpload: '/api/admin/bucket-upload',
  /** The admin's resumable bucket uploads (tus 1.0, as /api/media/tus; the CLI's `upload`). */
  adminBucketTus: '/api/admin/bucket-upload/tus',
  adminBucketTusUpload: '/api/admin/bucket-upload/tus/:uploadId',
  adminBucketTusResult: '/api/admin/bucket-upload/tus/:uploadId/result',
  adminBackup: '/api/admin/backup',
  adminReprocess: '/api/admin/media/reprocess',
} as const
/** The name of a route in `routes`. */
export type RouteName = keyof typeof routes

/** The parameter names of a route pattern: each `:name`, and `*` for a trailing wildcard. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : P extends `${string}*`
      ? '*'
      : never

/** The values that fill pattern P, by parameter name. */
export type RouteParams<P extends string> = { [K in ParamNames<P>]: K extends '*' ? string : string | number }

/**
 * pattern with its parameters filled: a number as it prints, a string URI-encoded, the `*` value segment by segment
 * (its slashes stay); a pattern without parameters takes none. E.g. fill('/api/users/:id/stats', { id: 7 }) is
 * '/api/users/7/stats'. Throws URIError for a string holding a lone surrogate (encodeURIComponent's rule).
 */
export function fill<P extends string>(pattern: P, ...params: [ParamNames<P>] extends [never] ? [] : [RouteParams<P>]): string {
  const values: Record<string, string | number> = params[0] ?? {}
  return pattern.replace(/:(\w+)|\*/g, (_, name: string | undefined) => {
    const value = values[name ?? '*']
    if (typeof value === 'number') return String(value)
    return name ? encodeURIComponent(value) : value.split('/').map(encodeURIComponent).join('/')
  })
}

/** The pattern as a regular expression capturing each parameter: `:name` is one non-empty segment, `*` the rest. */
export const routeRegExp = (pattern: string) => new RegExp(`^${pattern.replace(/:\w+/g, '([^/]+)').replace(/\*/g, '(.*)')}$`)

/** The path prefixes of the back office's APIs (admin auth and admin-back-office §7): the admin body limit, never cached. */
export const ADMIN_API_PREFIXES = ['/api/admin', '/api/db-test'] as const
/** True for a prefix of ADMIN_API_PREFIXES or a path under one (not '/api/administrators'). */
export const isAdminApiPath = (pathname: string) =>
  ADMIN_API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))

/** A query string from the defined entries ('' when none), e.g. `?since=2026-11-01`. */
const query = (entries: Record<string, string | number | boolean | undefined>) => {
  const q = new URLSearchParams(Object.entries(entries).flatMap(([k, val]) => (val === undefined ? [] : [[k, String(val)]])))
  const s = q.toString()
  return s ? `?${s}` : ''
}

/** The admin configuration paths by name, as the CLI's `config get|set <name>` offers them. */
export const ADMIN_CONFIG_PATHS = {
  'vote-multiplier': routes.adminVoteMultiplierConfig,
  'email-capture': routes.adminEmailCaptureConfig,
  'idle-redirect': routes.adminIdleRedirectConfig,
  'back-button': routes.adminBackButtonConfig,
  zone1: routes.adminZone1Config,
  'skip-button': routes.adminSkipButtonConfig,
} as const
export type AdminConfigName = keyof typeof ADMIN_CONFIG_PATHS

/** The redirect history paths by redirect kind. */
const ADMIN_REDIRECT_HISTORY_PATHS = {
  'idle-redirect': routes.adminIdleRedirectHistory,
  'back-button': routes.adminBackButtonHistory,
} as const

/** The four database checks of /api/db-test, in the order the Database page runs them. */
export const DB_TEST_CHECKS = ['connection', 'schema', 'counts', 'queries'] as const
export type DbTestCheck = (typeof DB_TEST_CHECKS)[number]

/** The database check paths by check. */
const DB_TEST_PATHS = {
  connection: routes.dbTestConnection,
  schema: routes.dbTestSchema,
  counts: routes.dbTestCounts,
  queries: routes.dbTestQueries,
} as const satisfies Record<DbTestCheck, string>

/** Path builders, one per route (server-contract; admin-back-office §7). */
export const paths = {
  health: () => fill(routes.health),
  ready: () => fill(routes.ready),
  openapi: () => fill(routes.openapi),
  session: () => fill(routes.session),
  mediaUpload: () => fill(routes.mediaUpload),
  mediaFile: (key: string) => fill(routes.mediaFile, { '*': key }),
  /** exclude: an id to skip (the item on screen). */
  mediaRandom: (userId: number, exclude?: number) => `${fill(routes.mediaRandom, { userId })}${query({ exclude })}`,
  /** exclude: ids the client already holds; limit at most MAX_QUEUE_LIMIT. */
  mediaQueue: (userId: number, opts: { exclude?: readonly number[]; limit?: number } = {}) =>
    `${fill(routes.mediaQueue, { userId })}${query({ limit: opts.limit, exclude: opts.exclude?.length ? opts.exclude.join(',') : undefined })}`,
  mediaView: (mediaId: number) => fill(routes.mediaView, { id: mediaId }),
  mediaDelete: (mediaId: number, userId: number) => `${fill(routes.mediaDelete, { id: mediaId })}${query({ userId })}`,
  mediaTus: () => fill(routes.mediaTus),
  mediaTusUpload: (uploadId: string) => fill(routes.mediaTusUpload, { uploadId }),
  mediaTusResult: (uploadId: string) => fill(routes.mediaTusResult, { uploadId }),
  votes: () => fill(routes.votes),
  siteSettings: () => fill(routes.siteSettings),
  voteMultiplierConfig: () => fill(routes.voteMultiplierConfig),
  emailCaptureConfig: () => fill(routes.emailCaptureConfig),
  skipButtonConfig: () => fill(routes.skipButtonConfig),
  adConfig: (zoneId: string) => fill(routes.adConfig, { zoneId }),
  adFrame: (zoneId: string) => fill(routes.adFrame, { zoneId }),
  idleRedirectConfig: () => fill(routes.idleRedirectConfig),
  userStats: (userId: number) => fill(routes.userStats, { id: userId }),
  user: (userId: number) => fill(routes.user, { id: userId }),
  checkUsername: (username: string) => fill(routes.checkUsername, { username }),
  dmcaTakedown: () => fill(routes.dmcaTakedown),
  validateEmail: () => fill(routes.validateEmail),
  sendMagicLink: () => fill(routes.sendMagicLink),
  loginExisting: () => fill(routes.loginExisting),
  verifyMagicLink: () => fill(routes.verifyMagicLink),
  magicLinkInfo: () => fill(routes.magicLinkInfo),
  emailCapture: () => fill(routes.emailCapture),

  adminLogin: () => fill(routes.adminLogin),
  adminLogout: () => fill(routes.adminLogout),
  adminConfig: (name: AdminConfigName) => ADMIN_CONFIG_PATHS[name],
  adminRedirectHistory: (kind: 'idle-redirect' | 'back-button', page: PageRequest = {}) =>
    `${ADMIN_REDIRECT_HISTORY_PATHS[kind]}${query(page)}`,
  /**
   * page: limit, offset and after (an X-Next-Cursor answer) of the admin list (contract/admin/paging; X-Total-Count
   * gives the total); without them the first page.
   */
  /** nearCopies: only items flagged as near copies of an older item. */
  adminMedia: (page: PageRequest & { nearCopies?: boolean } = {}) =>
    `${fill(routes.adminMedia)}${query({ ...page, nearCopies: page.nearCopies ? 'true' : undefined })}`,
  adminMediaItem: (mediaId: number) => fill(routes.adminMediaItem, { id: mediaId }),
  adminUsers: (page: PageRequest = {}) => `${fill(routes.adminUsers)}${query(page)}`,
  dbTest: (check: DbTestCheck) => DB_TEST_PATHS[check],
  adminDmcaTakedowns: (page: PageRequest = {}) => `${fill(routes.adminDmcaTakedowns)}${query(page)}`,
  /** id as typed (the CLI passes the argument through; the server answers 400 for a non-number). */
  adminDmcaTakedown: (id: number | string) => fill(routes.adminDmcaTakedown, { id: String(id) }),
  /** export: the whole filtered list as a file (not paged). */
  adminAuditLogs: (filters: { eventType?: string; search?: string; date?: string; export?: boolean } & PageRequest = {}) =>
    `${fill(routes.adminAuditLogs)}${query({ eventType: filters.eventType, search: filters.search, date: filters.date, export: filters.export ? 'true' : undefined, limit: filters.limit, offset: filters.offset, after: filters.after })}`,
  adminInactiveCount: () => fill(routes.adminInactiveCount),
  adminPurgeInactive: () => fill(routes.adminPurgeInactive),
  adminFixSequence: () => fill(routes.adminFixSequence),
  adminResetDatabase: () => fill(routes.adminResetDatabase),
  adminPopulateVotes: () => fill(routes.adminPopulateVotes),
  adminExportVotes: () => fill(routes.adminExportVotes),
  adminBucketFiles: (opts: { checksums?: boolean } & PageRequest = {}) =>
    `${fill(routes.adminBucketFiles)}${query({ checksums: opts.checksums ? 'true' : undefined, limit: opts.limit, offset: opts.offset, after: opts.after })}`,
  adminDeleteBucketFiles: () => fill(routes.adminDeleteBucketFiles),
  adminFindDuplicates: () => fill(routes.adminFindDuplicates),
  adminResolveNearDuplicates: () => fill(routes.adminResolveNearDuplicates),
  adminDismissNearDuplicates: () => fill(routes.adminDismissNearDuplicates),
  adminShowHiddenCopy: () => fill(routes.adminShowHiddenCopy),
  adminImportMedia: () => fill(routes.adminImportMedia),
  adminBucketUpload: () => fill(routes.adminBucketUpload),
  adminBucketTus: () => fill(routes.adminBucketTus),
  adminBucketTusUpload: (uploadId: string) => fill(routes.adminBucketTusUpload, { uploadId }),
  adminBucketTusResult: (uploadId: string) => fill(routes.adminBucketTusResult, { uploadId }),
  adminBackup: () => fill(routes.adminBackup),
  /** since: an ISO date or date-time; only media uploaded at or after it count. */
  adminReprocess: (since?: string) => `${fill(routes.adminReprocess)}${query({ since })}`,
} as const
