export {}

/**
 * `npm run dev`: the API server in watch mode on :3000 and the Vite dev server (which proxies /api to it),
 * together, in development mode unless NODE_ENV is set, the server's JSON log made readable by pino-pretty; Ctrl-C
 * stops both.
 */
const server = Bun.spawn(['bun', '--watch', 'server/main.ts'], {
  env: { NODE_ENV: 'development', ...process.env },
  stdout: 'pipe',
  stderr: 'inherit',
})
const pretty = Bun.spawn(['bunx', 'pino-pretty', '--ignore', 'pid,hostname,instance'], {
  stdin: server.stdout,
  stdout: 'inherit',
  stderr: 'inherit',
})
const vite = Bun.spawn(['bunx', '--bun', 'vite', '--config', 'client/vite.config.ts'], { stdout: 'inherit', stderr: 'inherit' })
const stop = () => {
  server.kill()
  vite.kill()
  pretty.kill()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
await Promise.race([server.exited, vite.exited])
stop()
