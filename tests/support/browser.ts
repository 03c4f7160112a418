/**
 * Browser-test support: startServer() runs the real built app (client/dist) on a loopback port over a temp
 * DATA_DIR; launchBrowser() starts Debian's chromium through playwright-core with the project's flags.
 */
import { afterAll, beforeAll } from 'bun:test'
import { chromium, type Browser } from 'playwright-core'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import { paths } from '@contract/paths'
import { serverDatabaseUrl } from './test-app'

/** Path of the repository root. */
export const ROOT = join(import.meta.dir, '..', '..')
/** Real media for tests (read in place, never copied): ../shared/fixtures/media. */
export const FIXTURES = join(ROOT, '..', 'shared', 'fixtures', 'media')

/**
 * The fixtures' still photos (JPEG, PNG and WebP: no animated GIF, no video), by file name in MANIFEST.tsv's order
 * (alphabetical). Stories that need items with nothing to swap or animate seed a slice of them.
 */
export const STILL_PHOTOS: readonly string[] = readFileSync(join(FIXTURES, 'MANIFEST.tsv'), 'utf8')
  .split('\n')
  .slice(1)
  .map((line) => line.split('\t'))
  .filter(([, mime]) => mime === 'image/jpeg' || mime === 'image/png' || mime === 'image/webp')
  .map(([file]) => file as string)

/** Flags every chromium launch uses: headless, no sandbox (tests may run as root), no GPU, none of chromium's own network traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Launches headless Debian chromium at /usr/bin/chromium. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true })
}

/** A running server: url (http://127.0.0.1:PORT), its data dir, adminAuth header value, the child process, stop(). */
/** A running server/main.ts: log() is its stdout and stderr so far (stderr is also passed on to the test's own). */
export type TestServer = {
  url: string
  port: number
  dataDir: string
  adminPassword: string
  adminAuth: string
  proc: Subprocess
  log(): string
  stop(): Promise<void>
}

/**
 * A port nothing listens on right now, chosen by the OS. A fixed range is not safe: the OS also hands out ports of
 * that range to outgoing connections (chromium's, s3rver's), and a listen on one of those fails with EADDRINUSE.
 */
export function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: '0.0.0.0', fetch: () => new Response() })
  const port = probe.port!
  probe.stop(true)
  return port
}

/**
 * Starts server/main.ts as a child process on a free port (see freePort); env adds variables. Resolves once it answers.
 * With env.DATA_DIR the server runs on that folder and stop() leaves it (a restart test reopens it); otherwise a temp
 * folder is made and removed by stop(). With TEST_DIALECT=postgres (and no env.DATABASE_URL) the server runs on a fresh
 * PostgreSQL database of its own, kept across restarts on the same DATA_DIR (serverDatabaseUrl).
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'hotvote-e2e-'))
  const port = freePort()
  const databaseUrl = env.DATABASE_URL ?? serverDatabaseUrl(dataDir)
  const adminPassword = 'e2e-admin-password'
  const proc: Subprocess = Bun.spawn(['bun', 'run', join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_PASSWORD: adminPassword,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  let output = ''
  const collect = async (stream: ReadableStream<Uint8Array>, echo?: NodeJS.WriteStream) => {
    for await (const chunk of stream) (output += new TextDecoder().decode(chunk)), echo?.write(chunk)
  }
  const collected = Promise.all([
    collect(proc.stdout as ReadableStream<Uint8Array>),
    collect(proc.stderr as ReadableStream<Uint8Array>, process.stderr),
  ])
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`${url}${paths.siteSettings()}`).then(
      (r) => r.status < 500,
      () => false,
    )
    if (ok) break
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`)
    await Bun.sleep(50)
  }
  return {
    url,
    port,
    dataDir,
    adminPassword,
    adminAuth: `Basic ${btoa(`admin:${adminPassword}`)}`,
    proc,
    log: () => output,
    async stop() {
      proc.kill()
      await proc.exited
      await collected
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Registers beforeAll/afterAll that start a server (env adds variables) and chromium for the enclosing file, and
 * returns an object whose server and browser are set once they are up.
 */
export function useServerAndBrowser(env: Record<string, string> = {}): { server: TestServer; browser: Browser } {
  const running = {} as { server: TestServer; browser: Browser }
  beforeAll(async () => {
    ;[running.server, running.browser] = await Promise.all([startServer(env), launchBrowser()])
  })
  afterAll(async () => {
    await running.browser?.close()
    await running.server?.stop()
  })
  return running
}
