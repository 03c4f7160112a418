/**
 * Every API path, built from its parameters (issue #14: one place for paths). The client, the CLI and the tests call
 * these instead of retyping strings; ids are numbers, other segments are URI-encoded, query strings are built here.
 */

/** A query string from the defined entries ('' when none), e.g. `?since=2026-11-01`. */
const query = (entries: Record<string, string | number | boolean | undefined>) => {
  const q = new URLSearchParams(Object.entries(entries).flatMap(([k, val]) => (val === undefined ? [] : [[k, String(val)]])))
  const s = q.toString()
  return s ? `?${s}` : ''
}

/** The admin configuration paths by name, as the CLI's `config get|set <name>` offers them. */
export const ADMIN_CONFIG_PATHS = {
  'vote-multiplier': '/api/admin/vote-multiplier-config',
  'email-capture': '/api/admin/email-capture-config',
  'idle-redirect': '/api/admin/idle-redirect-config',
  'back-button': '/api/admin/back-button-config',
  zone1: '/api/admin/ad-config/zone1',
  'skip-button': '/api/admin/ad-config/skip-button',
} as const
export type AdminConfigName = keyof typeof ADMIN_CONFIG_PATHS

/** The four database checks of /api/db-test, in the order the Database page runs them. */
export const DB_TEST_CHECKS = ['connection', 'schema', 'counts', 'queries'] as const
export type DbTestCheck = (typeof DB_TEST_CHECKS)[number]

/** Path builders, one per route (server-contract; admin-back-office §7). */
export const paths = {
  health: () => '/api/health',
  ready: () => '/api/ready',
  openapi: () => '/api/openapi/json',
  session: () => '/api/session',
  mediaUpload: () => '/api/media/upload',
  mediaFile: (key: string) => `/api/media/file/${key.split('/').map(encodeURIComponent).join('/')}`,
  /** exclude: an id to skip (the item on screen). */
  mediaRandom: (userId: number, exclude?: number) => `/api/media/random/${userId}${query({ exclude })}`,
  /** exclude: ids the client already holds; limit at most MAX_QUEUE_LIMIT. */
  mediaQueue: (userId: number, opts: { exclude?: readonly number[]; limit?: number } = {}) => `/api/media/queue/${userId}${query({ limit: opts.limit, exclude: opts.exclude?.length ? opts.exclude.join(',') : undefined })}`,
  mediaView: (mediaId: number) => `/api/media/${mediaId}/view`,
  mediaDelete: (mediaId: number, userId: number) => `/api/media/${mediaId}${query({ userId })}`,
  votes: () => '/api/votes',
  siteSettings: () => '/api/site-settings',
  voteMultiplierConfig: () => '/api/vote-multiplier-config',
  emailCaptureConfig: () => '/api/email-capture-config',
  skipButtonConfig: () => '/api/ad-config/skip-button',
  adConfig: (zoneId: string) => `/api/ad-config/${encodeURIComponent(zoneId)}`,
  adFrame: (zoneId: string) => `/api/ad-frame/${encodeURIComponent(zoneId)}`,
  idleRedirectConfig: () => '/api/idle-redirect-config',
  userStats: (userId: number) => `/api/users/${userId}/stats`,
  user: (userId: number) => `/api/users/${userId}`,
  checkUsername: (username: string) => `/api/users/check-username/${encodeURIComponent(username)}`,
  dmcaTakedown: () => '/api/dmca-takedown',
  validateEmail: () => '/api/validate-email',
  sendMagicLink: () => '/api/auth/send-magic-link',
  loginExisting: () => '/api/auth/login-existing',
  verifyMagicLink: () => '/api/auth/verify',
  emailCapture: () => '/api/email-capture',

  adminLogin: () => '/api/admin/login',
  adminLogout: () => '/api/admin/logout',
  adminConfig: (name: AdminConfigName) => ADMIN_CONFIG_PATHS[name],
  adminRedirectHistory: (kind: 'idle-redirect' | 'back-button') => `/api/admin/${kind}-history`,
  /** limit/offset page the list (X-Total-Count gives the total); without them the whole list. */
  adminMedia: (page: { limit?: number; offset?: number } = {}) => `/api/admin/media${query(page)}`,
  adminMediaItem: (mediaId: number) => `/api/admin/media/${mediaId}`,
  adminUsers: (page: { limit?: number; offset?: number } = {}) => `/api/admin/users${query(page)}`,
  dbTest: (check: DbTestCheck) => `/api/db-test/${check}`,
  adminDmcaTakedowns: () => '/api/admin/dmca-takedowns',
  /** id as typed (the CLI passes the argument through; the server answers 400 for a non-number). */
  adminDmcaTakedown: (id: number | string) => `/api/admin/dmca-takedowns/${encodeURIComponent(String(id))}`,
  adminAuditLogs: (filters: { eventType?: string; search?: string; date?: string; export?: boolean } = {}) =>
    `/api/admin/audit-logs${query({ eventType: filters.eventType, search: filters.search, date: filters.date, export: filters.export ? 'true' : undefined })}`,
  adminInactiveCount: () => '/api/admin/inactive-accounts-count',
  adminPurgeInactive: () => '/api/admin/purge-inactive-accounts',
  adminFixSequence: () => '/api/admin/fix-user-sequence',
  adminResetDatabase: () => '/api/admin/reset-database',
  adminPopulateVotes: () => '/api/admin/populate-votes',
  adminExportVotes: () => '/api/admin/export-votes',
  adminBucketFiles: (opts: { checksums?: boolean } = {}) => `/api/admin/list-bucket-files${query({ checksums: opts.checksums ? 'true' : undefined })}`,
  adminDeleteBucketFiles: () => '/api/admin/delete-bucket-files',
  adminFindDuplicates: () => '/api/admin/find-duplicates',
  adminImportMedia: () => '/api/admin/import-media',
  adminBucketUpload: () => '/api/admin/bucket-upload',
  adminBackup: () => '/api/admin/backup',
  /** since: an ISO date or date-time; only media uploaded at or after it count. */
  adminReprocess: (since?: string) => `/api/admin/media/reprocess${query({ since })}`,
} as const
