/**
 * The real server (server/main.ts) for `bun bench/profile.ts`: the same start-up, plus SIGTERM ending the process
 * with process.exit, which is what lets Bun's --cpu-prof write its profile (a process killed by a signal writes none).
 */
process.once('SIGTERM', () => process.exit(0))
await import('../../server/main')

export {}
