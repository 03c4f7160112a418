/**
 * Starts HotVote: reads the configuration, opens the database (SQLite in DATA_DIR, or PostgreSQL at DATABASE_URL;
 * running migrations; an unusable database prints one line and exits 1) and the bucket, chooses the mailer, empties
 * the scratch folders, writes the start-up audit events, then listens and logs the URL; the log is JSON lines
 * (server/core/log.ts, every line redacted in production), /metrics may get its own listener on 127.0.0.1
 * (METRICS_PORT); SIGTERM and SIGINT shut it down gracefully (server/core/shutdown.ts). Crashes go through the log too:
 * an uncaught exception or unhandled rejection (server/core/log-crashes.ts, imported first) and an error that escapes
 * the app's error mapping into Bun.serve (serverErrorAnswer) are redacted JSON lines, never Bun's raw printing.
 */
// First: its handlers must be in place before any other module runs.
import './core/log-crashes'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError, loadConfig } from './config'
import { openDatabaseFromConfig } from './db/database'
import { DatabaseStartError } from './db/open-postgres'
import { releaseAllJobLocks } from './repositories/job-locks.repository'
import { FS_STAGING_DIR, createFsStorage } from './storage/fs-storage'
import { createOutboxMailer, createSmtpMailer } from './mail/mailer'
import { systemClock } from './core/clock'
import { createApp } from './app'
import { runStartupChecks } from './core/startup'
import { resolveAdminPassword } from './core/admin-password'
import { SERVER_BODY_CAP_BYTES } from './http/body-limit'
import { serverErrorAnswer } from './http/errors'
import { resetScratchDirs } from './core/data-dir'
import { shutDownOnSignals } from './core/shutdown'
import { configureLog, routeConsoleToLog } from './core/log'
import { serveMetricsPort } from './http/metrics-route'
import { bundledFfmpegWarning } from './media/pipeline/ffmpeg'
import { createVisitorResumableUploads } from './features/media/media-tus.service'
import { scheduleResumableCleanup } from './media/resumable-uploads'
import { createUploadLimits } from './features/media/upload-limits.service'

let config
try {
  config = loadConfig()
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(`hotvote: bad configuration: ${e.message}`)
    process.exit(1)
  }
  throw e
}
const ffmpegWarning = bundledFfmpegWarning()
if (ffmpegWarning) console.warn(ffmpegWarning)
mkdirSync(config.dataDir, { recursive: true })
const bucketDir = join(config.dataDir, 'bucket')
let db
try {
  db = await openDatabaseFromConfig(config)
} catch (e) {
  if (!(e instanceof DatabaseStartError)) throw e
  console.error(`hotvote: ${e.message}`)
  process.exit(1)
}
// The embedded SQLite file has this one server: a job lock left by a previous process (killed mid-run) holds no live
// run, so it is freed now rather than blocking that job until its expiry.
if (db.dialect === 'sqlite') await releaseAllJobLocks(db)
const adminPassword = await resolveAdminPassword(db, config.dataDir, config.adminPassword, systemClock.now().toISOString())
// After the one line that may show a new admin password on a terminal: from here on, no log line carries a secret.
const logger = configureLog({
  level: config.logLevel,
  production: config.production,
  secrets: [adminPassword, config.metricsToken, config.storage.kind === 's3' ? config.storage.secretAccessKey : undefined],
})
routeConsoleToLog()
logger.info({ dialect: db.dialect }, 'database open, migrations applied')
if (db.dialect === 'postgres' && config.storage.kind === 'fs')
  logger.warn(
    `DATABASE_URL is set but STORAGE=fs: other instances cannot see the media in ${bucketDir}; use STORAGE=s3 (or a shared folder) to run several servers`,
  )
// The S3 client is loaded only when used, so a server on the filesystem bucket never holds it in memory.
const storage =
  config.storage.kind === 's3'
    ? (await import('./storage/s3-storage')).createS3Storage({ ...config.storage, publicMedia: config.mediaEdge !== undefined })
    : createFsStorage(bucketDir)
const mailer = config.smtpUrl
  ? createSmtpMailer(config.smtpUrl, config.mailFrom)
  : createOutboxMailer(join(config.dataDir, 'outbox'), config.mailFrom, (line) => logger.info(line), config.production)
const deps = { db, storage, mailer, clock: systemClock, config, tmpDir: join(config.dataDir, 'tmp') }
resetScratchDirs(config.storage.kind === 'fs' ? [deps.tmpDir, join(bucketDir, FS_STAGING_DIR)] : [deps.tmpDir])
await runStartupChecks(deps)
const app = createApp(deps).listen({
  port: config.port,
  hostname: config.host,
  maxRequestBodySize: SERVER_BODY_CAP_BYTES,
  error: serverErrorAnswer,
})
// Every instance looks for expired resumable uploads (the visitors' and the admin's); the job lock lets one at a time remove their bytes.
scheduleResumableCleanup(createVisitorResumableUploads(deps, createUploadLimits(deps)), (error) =>
  logger.error({ err: error }, 'cleanup of expired resumable uploads failed'),
)
const metricsServer = config.metricsPort ? serveMetricsPort(config.metricsPort) : undefined
shutDownOnSignals(
  { server: app.server!, alsoStop: metricsServer, closeDatabase: () => db.close() },
  (line) => logger.info(line),
  config.shutdownDrainSeconds * 1000,
)
const mode = process.env.NODE_ENV ?? 'development'
logger.info(
  { url: config.publicUrl, dataDir: config.dataDir, storage: storage.provider, mode, metricsPort: config.metricsPort },
  `HotVote is running at ${config.publicUrl} (data in ${config.dataDir}, storage ${storage.provider}, ${mode} mode)`,
)
