/**
 * A crash never reaches stderr raw: in a production server (NODE_ENV=production, as `npm start` runs it) an uncaught
 * exception and an unhandled rejection whose text holds a database password and a session id are each written as
 * one fatal JSON line with both redacted, and the process exits 1; an error escaping the app's error hook into
 * Bun.serve is one redacted error line and a JSON 500. Nothing is printed on stderr.
 */
import { describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, ROOT } from './support/browser'
import { newSessionId } from './support/test-app'

const MAIN = join(ROOT, 'server', 'main.ts')
const DB_PASSWORD = 'db-pass-of-the-crash-test'
const SESSION_ID = newSessionId()
const SECRET = `postgres://hotvote:${DB_PASSWORD}@db.example:5432/hotvote, cookie sid=${SESSION_ID}`

/** The whole text of a stream. */
const textOf = (stream: ReadableStream<Uint8Array> | number | undefined) => new Response(stream as ReadableStream).text()

/** Expects out to be JSON lines only, none holding the password or the session id, and answers them parsed. */
function redactedJsonLines(out: string): Record<string, any>[] {
  expect(out).not.toContain(DB_PASSWORD)
  expect(out).not.toContain(SESSION_ID)
  const lines = out.split('\n').filter(Boolean)
  for (const line of lines) expect(line.startsWith('{')).toBe(true)
  return lines.map((line) => JSON.parse(line))
}

describe('a crash of the production server', () => {
  for (const [kind, msg] of [
    ['exception', 'uncaught exception'],
    ['rejection', 'unhandled promise rejection'],
  ]) {
    it(`writes an ${msg} as one redacted fatal JSON line and exits 1, with nothing on stderr`, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'hv-crash-'))
      const proc = Bun.spawn(['bun', '--preload', join(ROOT, 'tests', 'support', 'crash-fixture.ts'), MAIN], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(freePort()),
          DATA_DIR: dataDir,
          ADMIN_PASSWORD: 'crash-test-admin-password',
          DATABASE_URL: '',
          CRASH_KIND: kind,
          CRASH_SECRET: SECRET,
        },
        stdout: 'pipe',
        stderr: 'pipe',
      })
      try {
        const stderr = textOf(proc.stderr)
        let stdout = ''
        const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader()
        while (!stdout.includes('running at')) {
          const { value, done } = await reader.read()
          if (done) break
          stdout += new TextDecoder().decode(value)
        }
        expect(stdout).toContain('running at')
        proc.kill('SIGUSR2')
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) stdout += new TextDecoder().decode(chunk.value)
        expect(await proc.exited).toBe(1)
        expect(await stderr).toBe('')
        const crashes = redactedJsonLines(stdout).filter((l) => l.level === 60)
        expect(crashes.map((l) => l.msg)).toEqual([msg])
        expect(crashes[0].err.message).toBe(
          'connection failed: postgres://hotvote:[redacted]@db.example:5432/hotvote, cookie sid=[redacted]',
        )
        expect(crashes[0].err.stack).toContain('crash-fixture.ts')
      } finally {
        proc.kill()
        rmSync(dataDir, { recursive: true, force: true })
      }
    })
  }

  it("writes an error escaping the app's error hook into Bun.serve as one redacted error line and answers JSON 500", async () => {
    const proc = Bun.spawn(['bun', join(ROOT, 'tests', 'support', 'serve-error-fixture.ts')], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', CRASH_SECRET: SECRET },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const [stdout, stderr, code] = await Promise.all([textOf(proc.stdout), textOf(proc.stderr), proc.exited])
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
    const lines = redactedJsonLines(stdout)
    expect(lines.find((l) => l.answer)?.answer).toEqual({ status: 500, body: { error: 'Internal error' } })
    const errors = lines.filter((l) => l.level === 50)
    expect(errors.map((l) => l.msg)).toEqual(['internal error outside the app'])
    expect(errors[0].err.message).toContain('postgres://hotvote:[redacted]@db.example')
  })
})
