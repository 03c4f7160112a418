/**
 * Starts HotVote: reads the configuration, opens the database (running migrations) and the bucket,
 * chooses the mailer, writes the start-up audit events, then listens and prints the URL.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError, loadConfig } from './config'
import { openDatabase } from './db/open'
import { createFsStorage } from './storage/fs-storage'
import { createOutboxMailer, createSmtpMailer } from './mail/mailer'
import { systemClock } from './clock'
import { createApp } from './app'
import { runStartupChecks } from './startup'
import { resolveAdminPassword } from './admin-password'
import { MAX_STREAMED_BODY_BYTES } from './http/body-limit'

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
mkdirSync(config.dataDir, { recursive: true })
config.adminPassword = resolveAdminPassword(config.dataDir, config.adminPassword)
const { db } = openDatabase(join(config.dataDir, 'hotvote.sqlite'))
// The S3 client is loaded only when used: about 22 MB of an idle server's memory otherwise (issue #12).
const storage = config.storage.kind === 's3' ? (await import('./storage/s3-storage')).createS3Storage(config.storage) : createFsStorage(join(config.dataDir, 'bucket'))
const mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(join(config.dataDir, 'outbox'), config.mailFrom)
const deps = { db, storage, mailer, clock: systemClock, config, tmpDir: join(config.dataDir, 'tmp') }
mkdirSync(deps.tmpDir, { recursive: true })
await runStartupChecks(deps)
createApp(deps).listen({ port: config.port, hostname: '0.0.0.0', maxRequestBodySize: MAX_STREAMED_BODY_BYTES })
console.log(`HotVote is running at ${config.publicUrl} (data in ${config.dataDir}, storage ${storage.provider})`)
