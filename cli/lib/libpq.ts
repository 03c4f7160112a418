/** The PostgreSQL client tools' view of DATABASE_URL (the CLI reaches server/ only through its contract). */

/** libpq's environment variables (PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE) for a postgres:// URL: the password stays off the command line. */
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

/** url without its password, for messages. */
export function withoutPassword(url: string): string {
  const u = new URL(url)
  if (u.password) u.password = '***'
  return u.toString()
}
