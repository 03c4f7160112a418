/** The PostgreSQL server the tests use: TEST_DATABASE_URL, default postgres://root@127.0.0.1:5432/test (trust authentication). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test'

/** TEST_DATABASE_URL with its database name replaced by name. */
export function testDatabaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL)
  url.pathname = `/${name}`
  return url.toString()
}
