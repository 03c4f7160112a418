/**
 * A process that opens (and so migrates) the database the environment names, closes it and exits 0, or prints the
 * one start-up line server/main.ts prints for a bad DATABASE_URL or an unreachable database and exits 1. Run by
 * tests/db/postgres-start.test.ts as several instances starting at once would.
 */
import { ConfigError, loadConfig } from '@server/config'
import { openDatabaseFromConfig } from '@server/db/database'
import { DatabaseStartError } from '@server/db/open-postgres'

try {
  const db = await openDatabaseFromConfig(loadConfig())
  await db.close()
} catch (e) {
  if (!(e instanceof ConfigError || e instanceof DatabaseStartError)) throw e
  console.error(`hotvote: ${e.message}`)
  process.exit(1)
}
