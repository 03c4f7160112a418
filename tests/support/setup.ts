/** Preloaded by bun test (bunfig.toml): keeps test output quiet of the app's informational logs. */
process.env.NODE_ENV = 'test'
