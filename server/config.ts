/**
 * Server configuration from the environment (server-contract: Configuration), parsed once with valibot.
 * A bad value throws ConfigError whose message is one line naming the variable; the value itself is never echoed (it may be a secret).
 */
import * as v from 'valibot'
import { isIP } from 'node:net'
import { LOG_LEVELS, type LogLevel } from './core/log'
import { join } from 'node:path'

const optionalText = v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)))
/** A whole number of at least 1 (up to maxDigits digits), fallback when unset. */
const count = (fallback: string, maxDigits = 6) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(new RegExp(`^\\d{1,${maxDigits}}$`), 'must be a whole number'),
      v.transform(Number),
      v.minValue(1, 'must be at least 1'),
    ),
    fallback,
  )

/** An optional whole number from min to max (inclusive), fallback when unset. */
const wholeNumber = (min: number, max: number, fallback: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'must be a whole number'),
      v.transform(Number),
      v.minValue(min, `must be from ${min} to ${max}`),
      v.maxValue(max, `must be from ${min} to ${max}`),
    ),
    fallback,
  )

const BrandSchema = v.object({
  siteName: v.pipe(v.string(), v.minLength(1)),
  useLogo: v.boolean(),
  logoType: v.string(),
})
/** One host's branding in SITE_BRANDS: siteName, useLogo, logoType (server-contract: Configuration). */
export type Brand = v.InferOutput<typeof BrandSchema>

const EnvSchema = v.object({
  HOST: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => isIP(s) !== 0 || s === 'localhost', 'must be an IP address to listen on (0.0.0.0, 127.0.0.1, ::)'),
    ),
    '0.0.0.0',
  ),
  PORT: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be a port number'), v.transform(Number), v.maxValue(65535, 'must be a port number')),
    '3000',
  ),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), './data'),
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(isPostgresUrl, 'must be a postgres:// or postgresql:// URL with a host (unset: the SQLite file in DATA_DIR)'),
    ),
  ),
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.url('must be an absolute URL'))),
  STORAGE: v.optional(v.picklist(['fs', 's3'], 'must be fs or s3'), 'fs'),
  S3_ENDPOINT: v.optional(v.pipe(v.string(), v.url('must be an absolute URL'))),
  S3_REGION: v.optional(v.string(), 'us-east-1'),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  MEDIA_PUBLIC_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(isHttpBase, 'must be an http:// or https:// URL without query or fragment (the public base of the bucket or its CDN)'),
    ),
  ),
  MEDIA_PURGE_URL: v.optional(v.pipe(v.string(), v.trim(), v.check(isHttpBase, 'must be an http:// or https:// URL'))),
  S3_FORCE_PATH_STYLE: v.optional(
    v.pipe(
      v.picklist(['true', 'false', '1', '0'], 'must be true or false'),
      v.transform((s) => s === 'true' || s === '1'),
    ),
    'false',
  ),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://'))),
  MAIL_FROM: v.optional(v.string(), 'HotVote <no-reply@hotvote.local>'),
  ADMIN_USERNAME: v.optional(v.pipe(v.string(), v.minLength(1)), 'admin'),
  ADMIN_PASSWORD: optionalText,
  SITE_BRANDS: v.optional(
    v.pipe(
      v.string(),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        try {
          return JSON.parse(dataset.value) as unknown
        } catch {
          addIssue({ message: 'must be JSON' })
          return NEVER
        }
      }),
      v.record(v.string(), BrandSchema, 'must map host names to {siteName, useLogo, logoType}'),
    ),
  ),
  ANALYTICS_ID: optionalText,
  TRUSTED_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.transform((s): TrustedProxy | undefined =>
        /^\d+$/.test(s.trim())
          ? Number(s) > 0
            ? { hops: Number(s) }
            : undefined
          : {
              addresses: s
                .split(',')
                .map((a) => a.trim())
                .filter(Boolean),
            },
      ),
      v.check(
        (t) => !t || 'hops' in t || (t.addresses.length > 0 && t.addresses.every(isAddressOrCidr)),
        'must be a number of proxy hops or a comma-separated list of IP addresses or CIDRs',
      ),
    ),
  ),
  DMCA_RATE_LIMIT_PER_HOUR: count('50'),
  UPLOADS_PER_VISITOR_PER_HOUR: count('60'),
  UPLOADS_PER_ADDRESS_PER_HOUR: count('200'),
  SESSIONS_PER_ADDRESS_PER_HOUR: count('600'),
  UPLOAD_QUOTA_MB: count('500', 7),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
  LOG_REQUESTS: v.optional(v.picklist(['all', 'sampled'], 'must be all or sampled'), 'all'),
  LOG_REQUEST_SAMPLE_RATE: v.optional(
    v.pipe(v.string(), v.regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, 'must be a number from 0 to 1'), v.transform(Number)),
    '0.01',
  ),
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.trim(), v.minLength(16, 'must be at least 16 characters'))),
  METRICS_PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, 'must be a port number'),
      v.transform(Number),
      v.minValue(1, 'must be a port number'),
      v.maxValue(65535, 'must be a port number'),
    ),
  ),
  PIPELINE_CONCURRENCY: wholeNumber(1, 64, '2'),
  PIPELINE_QUEUE_LENGTH: wholeNumber(0, 10_000, '20'),
  PIPELINE_TIMEOUT_SECONDS: wholeNumber(1, 3600, '60'),
  IMAGE_MAX_FRAMES: wholeNumber(1, 10_000, '100'),
  RESUMABLE_UPLOAD_EXPIRY_HOURS: wholeNumber(1, 720, '24'),
  SHUTDOWN_DRAIN_SECONDS: wholeNumber(0, 300, '0'),
  NEAR_DUPLICATE_DISTANCE: wholeNumber(0, 12, '10'),
})

/** The environment variables the configuration reads (README: Configuration documents each). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(EnvSchema.entries)

/** Whether s is an IPv4/IPv6 address, optionally with a /prefix that fits its family. */
function isAddressOrCidr(s: string): boolean {
  const [ip, prefix, ...rest] = s.split('/')
  const family = isIP(ip)
  if (family === 0 || rest.length > 0) return false
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))
}

/** Whether s parses as an http(s) URL with a host and no query or fragment. */
function isHttpBase(s: string): boolean {
  try {
    const url = new URL(s)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.search && !url.hash && !s.includes('#')
  } catch {
    return false
  }
}

/** Whether s parses as a postgres:// or postgresql:// URL naming a host. */
function isPostgresUrl(s: string): boolean {
  try {
    const url = new URL(s)
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== ''
  } catch {
    return false
  }
}

/** TRUSTED_PROXY: how many proxy hops to believe in X-Forwarded-For, or which proxy addresses (IPs, CIDRs) to believe. */
export type TrustedProxy = { hops: number } | { addresses: string[] }

/** The parsed configuration; sizes in bytes, times in seconds unless named otherwise. */
export type Config = {
  /** The address the server listens on (HOST). */
  host: string
  port: number
  dataDir: string
  /** DATABASE_URL unset: the SQLite file DATA_DIR/hotvote.sqlite; set: that PostgreSQL database (13 or newer). */
  database: DatabaseConfig
  publicUrl: string
  storage:
    | { kind: 'fs' }
    | {
        kind: 's3'
        endpoint?: string
        region: string
        bucket: string
        accessKeyId?: string
        secretAccessKey?: string
        forcePathStyle: boolean
      }
  /**
   * Media from the edge (MEDIA_PUBLIC_URL, STORAGE=s3 only): publicBase is the URL (ending in `/`) under which the
   * bucket or its CDN serves each object by its key; purgeUrl (MEDIA_PURGE_URL) receives the URLs to drop from the
   * CDN. Absent: media are served by the app under /api/media/file/ (docs/operations.md > Media from the edge).
   */
  mediaEdge?: { publicBase: string; purgeUrl?: string }
  smtpUrl?: string
  mailFrom: string
  adminUsername: string
  adminPassword?: string
  siteBrands: Record<string, Brand>
  analyticsId?: string
  /** unset: X-Forwarded-For is ignored and the socket address is the client (server/http/client-address.ts). */
  trustedProxy?: TrustedProxy
  /** DMCA filings accepted per client address per hour. */
  dmcaRateLimitPerHour: number
  /** Upload attempts per hour accepted from one visitor and from one client address (IPv6: its /64). */
  uploadsPerVisitorPerHour: number
  uploadsPerAddressPerHour: number
  /** New visitors (POST /api/session with an unknown session id) per client address per hour. */
  sessionsPerAddressPerHour: number
  /** Most bytes one visitor's uploads may hold in all, counted as sent (UPLOAD_QUOTA_MB x 1024 x 1024). */
  uploadQuotaBytes: number
  /** Least severe level written to the log (LOG_LEVEL). */
  logLevel: LogLevel
  /**
   * The share of fast 2xx answers that get a request line (server/http/request-log.ts): 1 with LOG_REQUESTS=all,
   * LOG_REQUEST_SAMPLE_RATE (0 to 1) with LOG_REQUESTS=sampled; other answers and slow ones always get theirs.
   */
  requestLogSampleRate: number
  /** GET /metrics on the main port needs `Authorization: Bearer <metricsToken>`; unset there: 404. */
  metricsToken?: string
  /** Also serve /metrics (no token) on 127.0.0.1 at this port. */
  metricsPort?: number
  /** NODE_ENV=production (as `npm start` sets it): no source maps served, no mailed links in the log. */
  production: boolean
  /** The media pipeline (server/media/pipeline): jobs run at once, jobs waiting at most, seconds one sharp or ffmpeg run may take, frames of an animation at most. */
  pipeline: { concurrency: number; queueLength: number; timeoutSeconds: number; maxFrames: number }
  /** How long an unfinished resumable upload lives after its creation, hours (RESUMABLE_UPLOAD_EXPIRY_HOURS); then its bytes are removed. */
  resumableUploadExpiryHours: number
  /** Seconds a server keeps accepting requests after SIGTERM while GET /api/ready answers 503 (SHUTDOWN_DRAIN_SECONDS; server/core/shutdown.ts). */
  shutdownDrainSeconds: number
  /**
   * Largest Hamming distance (0-12 bits of 64) between two items' perceptual hashes at which they are near duplicates
   * (NEAR_DUPLICATE_DISTANCE; docs/media-pipeline.md > Near duplicates gives the measurement it was chosen by).
   */
  nearDuplicateDistance: number
}

/** Where the data lives: the embedded SQLite file, or a PostgreSQL server named by a postgres:// URL. */
export type DatabaseConfig = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string }

/** Raised for a bad environment value; message: `VARIABLE: reason`. */
export class ConfigError extends Error {}

/** Parses env (default process.env) into a Config; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = v.safeParse(EnvSchema, Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')))
  if (!result.success) {
    const issue = result.issues[0]
    const name = issue.path?.[0]?.key ?? 'environment'
    throw new ConfigError(`${String(name)}: ${issue.message}`)
  }
  const e = result.output
  if (e.STORAGE === 's3' && !e.S3_BUCKET) throw new ConfigError('S3_BUCKET: is required when STORAGE=s3')
  if (e.MEDIA_PUBLIC_URL && e.STORAGE !== 's3') throw new ConfigError('MEDIA_PUBLIC_URL: needs STORAGE=s3')
  if (e.MEDIA_PURGE_URL && !e.MEDIA_PUBLIC_URL) throw new ConfigError('MEDIA_PURGE_URL: needs MEDIA_PUBLIC_URL')
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    database: e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'sqlite', path: join(e.DATA_DIR, 'hotvote.sqlite') },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'fs' },
    mediaEdge: e.MEDIA_PUBLIC_URL ? { publicBase: e.MEDIA_PUBLIC_URL.replace(/\/*$/, '/'), purgeUrl: e.MEDIA_PURGE_URL } : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    siteBrands: e.SITE_BRANDS ?? {},
    analyticsId: e.ANALYTICS_ID,
    trustedProxy: e.TRUSTED_PROXY,
    dmcaRateLimitPerHour: e.DMCA_RATE_LIMIT_PER_HOUR,
    uploadsPerVisitorPerHour: e.UPLOADS_PER_VISITOR_PER_HOUR,
    uploadsPerAddressPerHour: e.UPLOADS_PER_ADDRESS_PER_HOUR,
    sessionsPerAddressPerHour: e.SESSIONS_PER_ADDRESS_PER_HOUR,
    uploadQuotaBytes: e.UPLOAD_QUOTA_MB * 1024 * 1024,
    logLevel: e.LOG_LEVEL,
    requestLogSampleRate: e.LOG_REQUESTS === 'all' ? 1 : e.LOG_REQUEST_SAMPLE_RATE,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    production: env.NODE_ENV === 'production',
    pipeline: {
      concurrency: e.PIPELINE_CONCURRENCY,
      queueLength: e.PIPELINE_QUEUE_LENGTH,
      timeoutSeconds: e.PIPELINE_TIMEOUT_SECONDS,
      maxFrames: e.IMAGE_MAX_FRAMES,
    },
    resumableUploadExpiryHours: e.RESUMABLE_UPLOAD_EXPIRY_HOURS,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    nearDuplicateDistance: e.NEAR_DUPLICATE_DISTANCE,
  }
}
