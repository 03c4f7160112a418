/**
 * Operations with the server as a real process: graceful shutdown on SIGTERM and SIGINT, owner-only file
 * modes, scratch folders emptied at start, and production mode by default under `npm start` (scripts/start.ts).
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { Database } from 'bun:sqlite'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import { ROOT, startServer } from '../../support/browser'
import { FIXTURES_DIR } from '../../support/builders'
import { filesUnder, slowUpload, waitFor } from '../../support/process-checks'
import { newSessionId, TEST_DIALECT } from '../../support/test-app'

const dirs: string[] = []
const procs: Subprocess[] = []
/** A fresh data folder, removed after the file. */
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'hotvote-ops-'))
  dirs.push(dir)
  return dir
}
/** startServer on dir (default: a fresh one); a server a failed test leaves running is killed after the file. */
const serve = async (dir = dataDir()) => {
  const server = await startServer({ DATA_DIR: dir })
  procs.push(server.proc)
  return server
}
afterAll(() => {
  for (const proc of procs) if (proc.exitCode === null) proc.kill('SIGKILL')
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }))
})

/** A visitor on a running server: its id and cookie. */
async function visitor(url: string) {
  const sessionId = newSessionId()
  const r = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId }),
  })
  return { id: ((await r.json()) as { id: number }).id, cookie: `sid=${sessionId}`, sessionId }
}
const mode = (path: string) => statSync(path).mode & 0o777
const refused = (url: string) =>
  fetch(`${url}/api/health`).then(
    () => false,
    (e: { code?: string }) => e.code === 'ConnectionRefused' || e.code === 'ECONNREFUSED',
  )

// SQLite only: it checks the WAL checkpoint on the SQLite file.
describe.if(TEST_DIALECT === 'sqlite')('graceful shutdown', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`on ${signal} an upload in flight completes, new connections are refused, the WAL is checkpointed and the process exits 0`, async () => {
      const server = await serve()
      const v = await visitor(server.url)
      const bytes = await Bun.file(join(FIXTURES_DIR, 'forest-path-zoom.mp4')).bytes()
      const upload = slowUpload(server.url, { cookie: v.cookie, userId: v.id, fileName: 'zoom.mp4', bytes, first: 1_000_000 })
      await waitFor('the upload to be spooling', () => filesUnder(join(server.dataDir, 'tmp')).length === 1)
      server.proc.kill(signal)
      await waitFor('the listener to close', () => refused(server.url))
      upload.finish()
      expect(await upload.response).toMatchObject({ status: 201, json: { message: 'Upload successful', media: { size: bytes.length } } })
      expect(await server.proc.exited).toBe(0)
      // A clean close folds the WAL into the database file: nothing is left for the next start to replay.
      expect(existsSync(join(server.dataDir, 'hotvote.sqlite-wal')) ? statSync(join(server.dataDir, 'hotvote.sqlite-wal')).size : 0).toBe(0)
      const db = new Database(join(server.dataDir, 'hotvote.sqlite'), { readonly: true })
      expect(db.query('select count(*) as n from media').get()).toEqual({ n: 1 })
      db.close()
    })
  }
})

describe('file modes and scratch folders', () => {
  // SQLite only: it checks the modes of the SQLite file and its WAL files.
  it.if(TEST_DIALECT === 'sqlite')(
    'creates the database, its WAL files, outbox mail and the temp folder readable by the owner only',
    async () => {
      const server = await serve()
      const v = await visitor(server.url)
      const r = await fetch(`${server.url}/api/auth/send-magic-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: v.cookie, 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ email: 'owner@example.com', sessionId: v.sessionId }),
      })
      expect(r.status).toBe(200)
      await waitFor(
        'the outbox mail',
        () => existsSync(join(server.dataDir, 'outbox')) && readdirSync(join(server.dataDir, 'outbox')).length > 0,
      )
      for (const file of ['hotvote.sqlite', 'hotvote.sqlite-wal', 'hotvote.sqlite-shm'])
        expect([file, mode(join(server.dataDir, file))]).toEqual([file, 0o600])
      for (const eml of readdirSync(join(server.dataDir, 'outbox'))) expect(mode(join(server.dataDir, 'outbox', eml))).toBe(0o600)
      expect(mode(join(server.dataDir, 'outbox'))).toBe(0o700)
      expect(mode(join(server.dataDir, 'tmp'))).toBe(0o700)
      await server.stop()
    },
  )

  it('empties the temp folder and the bucket staging folder at start', async () => {
    const dir = dataDir()
    mkdirSync(join(dir, 'tmp'), { recursive: true })
    mkdirSync(join(dir, 'bucket', '.tmp'), { recursive: true })
    writeFileSync(join(dir, 'tmp', 'upload-left-by-a-crash'), 'partial')
    writeFileSync(join(dir, 'bucket', '.tmp', 'put-left-by-a-crash'), 'partial')
    const server = await serve(dir)
    expect(filesUnder(join(dir, 'tmp'))).toEqual([])
    expect(filesUnder(join(dir, 'bucket', '.tmp'))).toEqual([])
    await server.stop()
  })
})

describe('npm start', () => {
  it('runs in production mode unless NODE_ENV is set', async () => {
    const dir = dataDir()
    const env: Record<string, string | undefined> = { ...process.env, PORT: '0', DATA_DIR: dir, ADMIN_PASSWORD: 'ops-test' }
    delete env.NODE_ENV
    const proc = Bun.spawn(['bun', 'run', join(ROOT, 'scripts', 'start.ts')], { cwd: ROOT, env, stdout: 'pipe', stderr: 'inherit' })
    procs.push(proc)
    let out = ''
    const reader = proc.stdout.getReader()
    while (!out.includes('running at')) {
      const { value, done } = await reader.read()
      if (done) break
      out += new TextDecoder().decode(value)
    }
    expect(out).toContain('production mode')
    proc.kill('SIGTERM')
    expect(await proc.exited).toBe(0)
    const db = new Database(join(dir, 'hotvote.sqlite'), { readonly: true })
    const startup = db.query("select context from audit_logs where event = 'DEPLOYMENT_STARTUP'").get() as { context: string }
    db.close()
    expect(JSON.parse(startup.context)).toMatchObject({ mode: 'production' })
  }, 120_000)
})
