/**
 * DATABASE_URL as the server and the CLI both read it (server-contract: Configuration): the URL without its password
 * for messages, and libpq's environment for the PostgreSQL client tools (pg_dump, pg_restore). Imports nothing.
 */

/** url with its password (if any) replaced by ***, for log lines, errors and answers. Throws TypeError on a malformed URL. */
export function redactDatabaseUrl(url: string): string {
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}

/**
 * libpq's environment variables (PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE) for a postgres:// URL, each
 * percent-decoded, empty ones left out: the password stays off the command line. Throws TypeError on a malformed URL.
 */
export function libpqEnvironment(url: string): Record<string, string> {
  const u = new URL(url)
  const entries = {
    PGHOST: decodeURIComponent(u.hostname),
    PGPORT: u.port,
    PGUSER: decodeURIComponent(u.username),
    PGPASSWORD: decodeURIComponent(u.password),
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
  }
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== ''))
}
