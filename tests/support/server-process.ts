/**
 * The server as `npm start` runs it: server/main.ts in its own process on a free port, with its stdout and stderr
 * collected, for tests that need the real listening server (Bun's own request handling) or its log.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './browser'

/** A running server process: url (no trailing slash), dataDir, log() (stdout and stderr so far), stop() (kills it, removes dataDir). */
export type ServerProcess = { url: string; port: number; dataDir: string; log(): string; stop(): Promise<void> }

/** A port free at the time of the call. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const port = (probe.address() as { port: number }).port
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** Starts server/main.ts with env (over process.env) on a new data folder and resolves once it prints its URL. */
export async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hv-proc-'))
  const port = await freePort()
  const proc = Bun.spawn(['bun', 'run', join(ROOT, 'server', 'main.ts')], { env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...env }, stdout: 'pipe', stderr: 'pipe' })
  let output = ''
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) output += new TextDecoder().decode(chunk)
  }
  const collected = Promise.all([collect(proc.stdout), collect(proc.stderr)])
  const until = Date.now() + 30_000
  while (!output.includes('running at')) {
    if (proc.exitCode !== null || Date.now() > until) throw new Error(`server did not start:\n${output}`)
    await Bun.sleep(20)
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    log: () => output,
    async stop() {
      proc.kill()
      await proc.exited
      await collected
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
