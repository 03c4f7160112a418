/**
 * Opens the PostgreSQL database named by DATABASE_URL with Bun's built-in SQL client (drizzle-orm/bun-sql;
 * docs/decisions.md explains the choice): checks the server answers and is PostgreSQL 13 or newer, applies the drizzle/pg/
 * migrations under a session advisory lock, then opens the connection pool the repositories use.
 */
import { SQL } from 'bun'
import { drizzle } from 'drizzle-orm/bun-sql'
import { migrate } from 'drizzle-orm/bun-sql/migrator'
import { join } from 'node:path'
import * as schema from './schema.pg'
import { poolCounter, timePool } from './query-metrics'
import { trackDbPool } from '../core/metrics'
import { redactDatabaseUrl } from '../contract/database-url'
import { CONFIG_LISTENER_NAME, watchConfiguration, type ConfigCache } from './config-cache'

/** The drizzle handle on PostgreSQL, typed with schema.pg.ts. */
export type PgDb = ReturnType<typeof drizzle<typeof schema>>

const MIGRATIONS_DIR = join(import.meta.dir, '..', '..', 'drizzle', 'pg')

/** The key of the session advisory lock every instance takes before it migrates (any fixed 64-bit number works). */
export const MIGRATION_LOCK_KEY = 7_210_431_905_117_201

/** Connections the pool opens at most, per instance. */
export const POOL_SIZE = 10

/** Seconds a connection attempt may take, unless DATABASE_URL sets ?connect_timeout=N (libpq's name for it). */
const CONNECT_TIMEOUT_SECONDS = 10

/** server_version_num of PostgreSQL 13.0, the oldest server HotVote runs on. */
const OLDEST_SERVER_VERSION = 130_000

/** The database could not be opened; message: one line naming DATABASE_URL, its password replaced by ***. */
export class DatabaseStartError extends Error {}

/**
 * A Bun SQL client on url with at most max connections. The database name is passed explicitly so PGDATABASE in the
 * environment cannot override it; the connect timeout is passed only when the URL names none, since options win over the URL.
 * idleTimeout (seconds), onconnect, onclose and connection (server settings such as application_name) go to Bun's options as given.
 */
function connect(
  url: string,
  max: number,
  more: Pick<SQL.PostgresOrMySQLOptions, 'idleTimeout' | 'onconnect' | 'onclose' | 'connection'> = {},
): SQL {
  const parsed = new URL(url)
  const database = decodeURIComponent(parsed.pathname.slice(1)) || undefined
  const timeout = parsed.searchParams.has('connect_timeout') ? {} : { connectionTimeout: CONNECT_TIMEOUT_SECONDS }
  return new SQL({ url, database, max, ...timeout, ...more })
}

/** Runs fn, turning any failure into a DatabaseStartError naming DATABASE_URL (without the password) and what failed. */
async function naming<T>(url: string, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (e) {
    if (e instanceof DatabaseStartError) throw e
    const password = decodeURIComponent(new URL(url).password)
    // drizzle wraps a failed statement in an error whose message is the statement; the server's reason is its cause.
    const cause = e instanceof Error && e.cause instanceof Error ? e.cause : e
    const reason = (cause instanceof Error ? cause.message : String(cause)).split('\n')[0]
    throw new DatabaseStartError(
      `DATABASE_URL: ${what} ${redactDatabaseUrl(url)}: ${password ? reason.replaceAll(password, '***') : reason}`,
    )
  }
}

/**
 * Applies the drizzle/pg/ migrations on one dedicated connection that holds a session advisory lock for the whole
 * run: instances starting at the same moment wait for each other, and each migration is applied once (drizzle's
 * migrator takes no lock of its own). Throws DatabaseStartError when the server cannot be reached or is older than 13.
 */
export async function migratePostgres(url: string): Promise<void> {
  const client = connect(url, 1)
  try {
    const [{ version }] = await naming(
      url,
      'cannot connect to PostgreSQL at',
      () => client`select current_setting('server_version_num')::int as version`,
    )
    if (version < OLDEST_SERVER_VERSION)
      throw new DatabaseStartError(
        `DATABASE_URL: ${redactDatabaseUrl(url)} runs PostgreSQL ${Math.floor(version / 10_000)}; HotVote needs 13 or newer`,
      )
    await naming(url, 'cannot migrate', async () => {
      await client`select pg_advisory_lock(${MIGRATION_LOCK_KEY}::bigint)`
      try {
        await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR })
      } finally {
        await client`select pg_advisory_unlock(${MIGRATION_LOCK_KEY}::bigint)`
      }
    })
  } finally {
    await client.close()
  }
}

/**
 * A pool of at most max connections on the (already migrated) database at url; connections open on first use and
 * close after idleTimeout idle seconds when given. A connection that breaks is replaced on the next query, so the
 * server recovers by itself once PostgreSQL answers again. Its queries are timed and its use reported to GET /metrics
 * until close() (query-metrics.ts).
 */
export function openPool(url: string, { max = POOL_SIZE, idleTimeout }: { max?: number; idleTimeout?: number } = {}): PgPool {
  const counter = poolCounter(max)
  const client = connect(url, max, { idleTimeout, onconnect: counter.onconnect, onclose: counter.onclose })
  const sql = timePool(client, counter)
  const untrack = trackDbPool(counter.use)
  return {
    orm: drizzle({ client: sql, schema }),
    sql,
    url,
    close: () => {
      untrack()
      return client.close()
    },
  }
}

/** An open pool: drizzle on it (orm), the Bun SQL client (sql), the URL it connects to (for pg_dump) and close(). */
export type PgPool = { orm: PgDb; sql: SQL; url: string; close(): Promise<void> }

/**
 * Migrates the database at url (migratePostgres), opens a pool of POOL_SIZE connections on it, checks it answers, and
 * starts the configuration cache on a listening connection of its own (config-cache.ts); close() ends both.
 */
export async function openPostgres(url: string): Promise<PgPool & { configCache: ConfigCache }> {
  await migratePostgres(url)
  const pool = openPool(url)
  try {
    await naming(url, 'cannot connect to PostgreSQL at', () => pool.sql`select 1`)
    const configCache = await naming(url, 'cannot listen on', () =>
      watchConfiguration(pool.sql, (onclose) => connect(url, 1, { onclose, connection: { application_name: CONFIG_LISTENER_NAME } })),
    )
    return {
      ...pool,
      configCache,
      close: async () => {
        await configCache.close()
        await pool.close()
      },
    }
  } catch (e) {
    await pool.close()
    throw e
  }
}
