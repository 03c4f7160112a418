/**
 * A crash on demand for tests/crash-logs.test.ts, preloaded into server/main.ts (`bun --preload`): on SIGUSR2 the
 * running server throws (CRASH_KIND=exception) or leaves a promise rejected (CRASH_KIND=rejection) with an error
 * whose message holds CRASH_SECRET, as a library failing with a connection string or a session id in its text would.
 */
process.on('SIGUSR2', () => {
  const error = new Error(`connection failed: ${process.env.CRASH_SECRET}`)
  if (process.env.CRASH_KIND === 'rejection') void Promise.reject(error)
  else throw error
})
