/**
 * The admin password (server-contract: Configuration): ADMIN_PASSWORD when set; otherwise one generated once for the
 * whole site, whose SHA-256 is stored in the database (every instance checks logins against it) and whose text is
 * stored in DATA_DIR/admin-password with mode 0600 by the instance that made it. The new password is printed once, by
 * that instance, and only when stdout is a terminal: a log collected from a pipe (a container, a service manager)
 * would keep it for good, so there the line names the file to read it from. This line is the only place a secret is
 * printed.
 */
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Database } from '../db/database'
import { findAppSecret, insertAppSecretIfAbsent } from '../repositories/app-secrets.repository'

/** File name of the generated password inside DATA_DIR. */
export const ADMIN_PASSWORD_FILE = 'admin-password'
/** Name of the stored SHA-256 (hex) of the generated admin password in app_secrets. */
export const ADMIN_PASSWORD_HASH = 'admin-password-sha256'

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

/**
 * Settles the site's admin password and answers it when this instance knows it: configured, read from DATA_DIR (its
 * hash is stored when the database has none yet, as after an upgrade), or newly generated (24 base64url characters)
 * when the database holds no hash. Of instances starting together, the one whose hash is stored first writes the
 * file and announces it through log, with the password itself only when toTerminal (default: stdout is a TTY); the
 * others answer undefined and check logins against the stored hash. now: ISO-8601 UTC.
 */
export async function resolveAdminPassword(
  db: Database,
  dataDir: string,
  configured: string | undefined,
  now: string,
  log: (line: string) => void = console.log,
  toTerminal = Boolean(process.stdout.isTTY),
): Promise<string | undefined> {
  if (configured) return configured
  const file = join(dataDir, ADMIN_PASSWORD_FILE)
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim()
    await insertAppSecretIfAbsent(db, ADMIN_PASSWORD_HASH, sha256(stored), now)
    return stored
  }
  if (await findAppSecret(db, ADMIN_PASSWORD_HASH)) return undefined
  const password = randomBytes(18).toString('base64url')
  if (!(await insertAppSecretIfAbsent(db, ADMIN_PASSWORD_HASH, sha256(password), now))) return undefined
  writeFileSync(file, `${password}\n`, { mode: 0o600 })
  log(
    toTerminal
      ? `Admin password (shown once, stored in ${file}): ${password}`
      : `Admin password generated: read it from ${file} (mode 0600)`,
  )
  return password
}

/** SHA-256 (raw bytes) of the password logins are checked against: ADMIN_PASSWORD's, else the stored one; undefined when neither exists. */
export async function adminPasswordDigest(db: Database, configured: string | undefined): Promise<Buffer | undefined> {
  if (configured) return createHash('sha256').update(configured).digest()
  const hex = await findAppSecret(db, ADMIN_PASSWORD_HASH)
  return hex ? Buffer.from(hex, 'hex') : undefined
}
