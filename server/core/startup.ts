/**
 * Start-up checks (server-contract: Configuration): confirms the data folder and bucket are writable
 * and records DEPLOYMENT_STARTUP and DEPLOYMENT_FILE_SYSTEM_CHECK audit events.
 */
import { access, constants, statfs } from 'node:fs/promises'
import type { Deps } from './deps'
import { writeAuditEvent } from './audit-log'

/** Writes the two start-up audit events; the file system check reports writability and free bytes of dataDir. */
export async function runStartupChecks(deps: Deps): Promise<void> {
  await writeAuditEvent(deps, 'DEPLOYMENT_STARTUP', {
    version: process.env.npm_package_version ?? 'dev',
    mode: process.env.NODE_ENV ?? 'development',
    storage: deps.storage.provider,
    publicUrl: deps.config.publicUrl,
    bun: Bun.version,
  })
  const writable = await access(deps.config.dataDir, constants.W_OK).then(
    () => true,
    () => false,
  )
  const fs = await statfs(deps.config.dataDir).catch(() => undefined)
  await writeAuditEvent(deps, 'DEPLOYMENT_FILE_SYSTEM_CHECK', {
    dataDir: deps.config.dataDir,
    writable,
    freeBytes: fs ? fs.bavail * fs.bsize : null,
  })
}
