/**
 * Starts HotVote: reads the configuration, opens the database (SQLite in DATA_DIR, or PostgreSQL at DATABASE_URL;
 * running migrations; an unusable database prints one line and exits 1) and the bucket,
 * chooses the mailer, empties the scratch folders, writes the start-up audit events, then listens and prints the URL;
 * in production every log line is redacted (server/core/log.ts);
 * SIGTERM and SIGINT shut it down gracefully (server/core/shutdown.ts).
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError, loadConfig } from './config'
import { openDatabaseFromConfig } from './db/database'
import { DatabaseStartError } from './db/open-postgres'
import { FS_STAGING_DIR, createFsStorage } from './storage/fs-storage'
import { createOutboxMailer, createSmtpMailer } from './mail/mailer'
import { systemClock } from './core/clock'
import { createApp } from './app'
import { runStartupChecks } from './core/startup'
import { resolveAdminPassword } from './core/admin-password'
import { SERVER_BODY_CAP_BYTES } from './http/body-limit'
import { resetScratchDirs } from './core/data-dir'
import { shutDownOnSignals } from './core/shutdown'
import { installLogRedaction } from './core/log'
import { bundledFfmpegWarning } from './media-pipeline/ffmpeg'

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
config.adminPassword = resolveAdminPassword(config.dataDir, config.adminPassword)
// After the one line that may show a new admin password on a terminal: from here on, no log line carries a secret.
if (config.production) installLogRedaction([config.adminPassword, config.storage.kind === 's3' ? config.storage.secretAccessKey : undefined])
let db
try {
  db = await openDatabaseFromConfig(config)
} catch (e) {
  if (!(e instanceof DatabaseStartError)) throw e
  console.error(`hotvote: ${e.message}`)
  process.exit(1)
}
if (db.dialect === 'postgres' && config.storage.kind === 'fs') console.warn(`hotvote: DATABASE_URL is set but STORAGE=fs: other instances cannot see the media in ${bucketDir}; use STORAGE=s3 (or a shared folder) to run several servers`)
// The S3 client is loaded only when used: about 22 MB of an idle server's memory otherwise (issue #12).
const storage = config.storage.kind === 's3' ? (await import('./storage/s3-storage')).createS3Storage(config.storage) : createFsStorage(bucketDir)
const mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(join(config.dataDir, 'outbox'), config.mailFrom, console.log, config.production)
const deps = { db, storage, mailer, clock: systemClock, config, tmpDir: join(config.dataDir, 'tmp') }
resetScratchDirs(config.storage.kind === 'fs' ? [deps.tmpDir, join(bucketDir, FS_STAGING_DIR)] : [deps.tmpDir])
await runStartupChecks(deps)
const app = createApp(deps).listen({ port: config.port, hostname: config.host, maxRequestBodySize: SERVER_BODY_CAP_BYTES })
shutDownOnSignals({ server: app.server!, closeDatabase: () => db.close() })
console.log(`HotVote is running at ${config.publicUrl} (data in ${config.dataDir}, storage ${storage.provider}, ${process.env.NODE_ENV ?? 'development'} mode)`)
