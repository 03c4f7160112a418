/**
 * A production install from a fresh clone, as docs/operations.md > Production install gives it: `npm ci` accepts the committed lock file
 * (and `npm install` then leaves it as it is), the client builds, `npm prune --omit=dev` keeps every package the server,
 * the CLI and the start script import and drops the build and test tools, and `npm start` reaches a ready server that stops cleanly when npm gets SIGTERM.
 * Slow (a full install and build); `--prefer-offline` takes every package from npm's cache when it is there.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { paths } from '@contract/paths'
import { freePort, ROOT } from '../support/browser'
import { waitFor } from '../support/process-checks'

/** Generous bound for the whole story: install, build, prune and start on a busy 2-core machine. */
const STORY_TIMEOUT_MS = 15 * 60_000
/** How long the started server may take to answer ready. */
const READY_WITHIN_MS = 60_000
const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund']

/** The environment of a fresh shell: none of the npm_* variables of an enclosing `npm test`, no NODE_ENV of the test run. */
const shellEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_') && k !== 'NODE_ENV')) as Record<
  string,
  string
>

/** Runs cmd in cwd to its end; throws with its output when it exits non-zero. Answers stdout. */
async function run(cmd: string[], cwd: string): Promise<string> {
  const proc = Bun.spawn(cmd, { cwd, env: shellEnv, stdout: 'pipe', stderr: 'pipe', stdin: 'ignore' })
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  if (code !== 0) throw new Error(`${cmd.join(' ')} exited with ${code}:\n${stdout}\n${stderr}`)
  return stdout
}

/** True while any process of the process group pgid runs. */
function groupRunning(pgid: number): boolean {
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

describe('production install from a fresh clone', () => {
  const clone = mkdtempSync(join(tmpdir(), 'hotvote-install-'))
  const dataDir = mkdtempSync(join(tmpdir(), 'hotvote-install-data-'))
  let server: ChildProcess | undefined

  afterAll(() => {
    // The server runs in a process group of its own (npm, its shell, bun): what is left of it after a failure is stopped as a whole.
    if (server) {
      try {
        process.kill(-server.pid!, 'SIGKILL')
      } catch {
        // The group is gone already.
      }
    }
    rmSync(clone, { recursive: true, force: true })
    rmSync(dataDir, { recursive: true, force: true })
  })

  it(
    'installs with npm ci, builds, prunes to the production dependencies and starts to a ready server',
    async () => {
      await run(['git', 'clone', '--quiet', ROOT, clone], tmpdir())
      await run(['npm', 'ci', ...NPM_FLAGS], clone)
      await run(['npm', 'install', ...NPM_FLAGS], clone)
      expect(await run(['git', 'status', '--porcelain'], clone)).toBe('')

      await run(['npm', 'run', 'build'], clone)
      await run(['npm', 'prune', '--omit=dev', ...NPM_FLAGS], clone)
      const installed = (pkg: string) => existsSync(join(clone, 'node_modules', pkg, 'package.json'))
      expect(['bun', 'elysia', 'sharp', 'drizzle-orm'].filter((pkg) => !installed(pkg))).toEqual([])
      // Bundling resolves every import, static and dynamic, of the server, the CLI and the start script: one missing package fails it.
      await run(
        [
          join(clone, 'node_modules', '.bin', 'bun'),
          'build',
          '--target=bun',
          'server/main.ts',
          'cli/main.ts',
          'scripts/start.ts',
          '--outdir',
          join(clone, 'import-check'),
        ],
        clone,
      )
      expect(
        [
          'vite',
          'fast-check',
          'axe-core',
          '@axe-core/playwright',
          'playwright-core',
          'image-size',
          's3rver',
          'smtp-server',
          'drizzle-kit',
        ].filter(installed),
      ).toEqual([])

      const port = freePort()
      let output = ''
      server = spawn('npm', ['start'], {
        cwd: clone,
        env: { ...shellEnv, PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: 'install-test-password' },
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      server.stdout!.on('data', (chunk: Buffer) => (output += chunk))
      server.stderr!.on('data', (chunk: Buffer) => (output += chunk))
      const closed = new Promise<void>((resolve) => server!.on('close', () => resolve()))

      const ready = async () => {
        if (server!.exitCode !== null) throw new Error(`npm start exited with ${server!.exitCode}:\n${output}`)
        const answer = await fetch(`http://127.0.0.1:${port}${paths.ready()}`).then(
          (r) => r.json(),
          () => undefined,
        )
        return answer?.status === 'ready'
      }
      await waitFor('the started server to answer ready', ready, READY_WITHIN_MS)
      // Log lines reach stdout in batches of at most 100 ms: the start line may follow the first ready answer.
      await waitFor('the start line naming production mode', () => output.includes('production mode'), READY_WITHIN_MS)

      // SIGTERM to npm alone, as `docker stop` or a process supervisor sends it: npm passes it on to the server (the start
      // script execs bun), which stops cleanly; npm exits with its code and leaves no process of the group running.
      const exited = new Promise<number | null>((resolve) => server!.on('exit', (code) => resolve(code)))
      server.kill('SIGTERM')
      expect(await exited).toBe(0)
      expect(groupRunning(server.pid!)).toBe(false)
      await closed
      expect(output).toContain('stopped cleanly')
    },
    STORY_TIMEOUT_MS,
  )
})
