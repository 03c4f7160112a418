/**
 * Preloaded by bun test (bunfig.toml): keeps test output quiet of the app's informational logs. The PostgreSQL test
 * databases go when the test process ends (tests/support/test-databases.ts).
 */
process.env.NODE_ENV = 'test'
