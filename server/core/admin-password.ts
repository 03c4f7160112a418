/**
 * The admin password (server-contract: Configuration): ADMIN_PASSWORD when set; otherwise one generated on the
 * first start, stored in DATA_DIR/admin-password with mode 0600, and reused on later starts. The new password is printed
 * once, and only when stdout is a terminal: a log collected from a pipe (a container, a service manager) would keep it
 * for good, so there the line names the file to read it from. This line is the only place a secret is printed.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'

/** File name of the generated password inside DATA_DIR. */
export const ADMIN_PASSWORD_FILE = 'admin-password'

/**
 * The password to use: configured, stored, or newly generated (24 base64url characters). A new one is announced
 * through log once, with the password itself only when toTerminal (default: stdout is a TTY).
 */
export function resolveAdminPassword(dataDir: string, configured: string | undefined, log: (line: string) => void = console.log, toTerminal = Boolean(process.stdout.isTTY)): string {
  if (configured) return configured
  const file = join(dataDir, ADMIN_PASSWORD_FILE)
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const password = randomBytes(18).toString('base64url')
  writeFileSync(file, `${password}\n`, { mode: 0o600 })
  log(toTerminal ? `Admin password (shown once, stored in ${file}): ${password}` : `Admin password generated: read it from ${file} (mode 0600)`)
  return password
}
