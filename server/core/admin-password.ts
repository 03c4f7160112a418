/**
 * The admin password (server-contract: Configuration): ADMIN_PASSWORD when set; otherwise one generated on the
 * first start, stored in DATA_DIR/admin-password with mode 0600, printed once, and reused on later starts.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'

/** File name of the generated password inside DATA_DIR. */
export const ADMIN_PASSWORD_FILE = 'admin-password'

/** The password to use: configured, stored, or newly generated (24 base64url characters; printed through log once). */
export function resolveAdminPassword(dataDir: string, configured: string | undefined, log: (line: string) => void = console.log): string {
  if (configured) return configured
  const file = join(dataDir, ADMIN_PASSWORD_FILE)
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const password = randomBytes(18).toString('base64url')
  writeFileSync(file, `${password}\n`, { mode: 0o600 })
  log(`Admin password (shown once, stored in ${file}): ${password}`)
  return password
}
