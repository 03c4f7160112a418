/** Preloaded by bun test (bunfig.toml): keeps test output quiet of the app's informational logs, and drops the PostgreSQL test databases at the end. */
import { afterAll } from 'bun:test'

process.env.NODE_ENV = 'test'

// With TEST_DIALECT=postgres, the databases makeTestApp and startServer made go after the last test of the run.
if (process.env.TEST_DIALECT === 'postgres') {
  const { dropTestDatabases } = await import('./test-app')
  afterAll(dropTestDatabases)
}
