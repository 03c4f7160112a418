/**
 * makeTestDeps / makeTestApp: a real app on a fresh temp dir (real SQLite file, real filesystem bucket,
 * outbox mailer) and call(), which runs one request through app.handle without opening a port.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '@server/config'
import { openDatabase } from '@server/db/open'
import { createFsStorage } from '@server/storage/fs-storage'
import { createOutboxMailer, type MailMessage, type Mailer } from '@server/mail/mailer'
import { createApp } from '@server/app'
import type { Deps } from '@server/core/deps'
import type { Clock } from '@server/core/clock'
import { checkAnswer } from './contract'
import { configureLog } from '@server/core/log'
import { paths } from '@contract/paths'

/** A clock tests can move: advance(ms); its sleep(ms) returns at once after advancing by ms, so no test waits for real. */
export type TestClock = Clock & { advance(ms: number): void; set(d: Date): void }

/** A clock starting at start that only moves when told. */
export function makeTestClock(start = new Date('2026-11-22T12:00:00.000Z')): TestClock {
  let now = start.getTime()
  return { now: () => new Date(now), sleep: async (ms) => void (now += ms), advance: (ms) => void (now += ms), set: (d) => void (now = d.getTime()) }
}

/**
 * Generous upload and session limits for tests: every app.handle request comes from one unknown address, and a test
 * of other behaviour may make many visitors and uploads. Tests of these limits set small ones through env.
 */
export const GENEROUS_LIMITS = { UPLOADS_PER_VISITOR_PER_HOUR: '100000', UPLOADS_PER_ADDRESS_PER_HOUR: '100000', SESSIONS_PER_ADDRESS_PER_HOUR: '100000', UPLOAD_QUOTA_MB: '100000' }

/** Deps on a new temp dir; env overrides configuration (GENEROUS_LIMITS apply unless env sets them); sent collects every mail the app sends. */
export function makeTestDeps(env: Record<string, string> = {}, overrides: Partial<Deps> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'hotvote-test-'))
  const config = loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: 'test-admin-password', ...GENEROUS_LIMITS, ...env })
  const { db, sqlite } = openDatabase(join(dir, 'hotvote.sqlite'))
  const sent: MailMessage[] = []
  const outbox = createOutboxMailer(join(dir, 'outbox'), config.mailFrom, () => {})
  const mailer: Mailer = { send: async (m) => (sent.push(m), outbox.send(m)) }
  const clock = makeTestClock()
  const deps = { db, storage: createFsStorage(join(dir, 'bucket')), mailer, clock, config, tmpDir: join(dir, 'tmp'), ...overrides }
  return { deps, dir, sqlite, sent, clock, cleanup: () => (sqlite.close(), rmSync(dir, { recursive: true, force: true })) }
}

/** A real app on makeTestDeps(); see makeTestDeps for the rest of the fields. */
export function makeTestApp(env: Record<string, string> = {}, overrides: Partial<Deps> = {}) {
  const t = makeTestDeps(env, overrides)
  return { ...t, app: createApp(t.deps, join(t.dir, 'no-client')) }
}

/**
 * Another instance of the site of t (a makeTestDeps or makeTestApp result), as a second server would run it: its own
 * connection to the same database, the same bucket, DATA_DIR, configuration, mailer and clock. Also a restart of t's
 * server. close() ends its connection (t.cleanup removes the files).
 */
export function makeSecondInstance(t: ReturnType<typeof makeTestDeps>) {
  const { db, sqlite } = openDatabase(join(t.dir, 'hotvote.sqlite'))
  const deps: Deps = { ...t.deps, db }
  return { deps, sqlite, app: createApp(deps, join(t.dir, 'no-client')), close: () => sqlite.close() }
}

/** HTTP Basic credentials of the test admin (makeTestDeps sets ADMIN_PASSWORD), as headers for call(). */
export const ADMIN_BASIC = { authorization: `Basic ${btoa('admin:test-admin-password')}` }

type AnyApp = { handle(request: Request): Promise<Response> }
/** Options of call(): cookie header, extra headers, a raw body (string, FormData) instead of JSON. */
export type CallOptions = { cookie?: string; headers?: Record<string, string>; raw?: BodyInit }

/**
 * Runs METHOD path through app.handle. A non-undefined body is sent as JSON unless opts.raw is given. The request
 * says `Sec-Fetch-Site: same-origin`, as the app's own page would (opts.headers may override it or set it to '').
 * Returns status, headers, parsed JSON (undefined when not JSON) and the text body. A JSON answer that does not
 * match the schema its route declares for the status throws (tests/support/contract.ts).
 */
export async function call(app: AnyApp, method: string, path: string, body?: unknown, opts: CallOptions = {}) {
  const headers: Record<string, string> = Object.fromEntries(Object.entries({ 'sec-fetch-site': 'same-origin', ...opts.headers }).filter(([, value]) => value !== ''))
  if (opts.cookie) headers.cookie = opts.cookie
  let payload: BodyInit | undefined = opts.raw
  if (payload === undefined && body !== undefined) {
    headers['content-type'] = 'application/json'
    payload = JSON.stringify(body)
  }
  const res = await app.handle(new Request(`http://localhost${path}`, { method, headers, body: payload }))
  const text = await res.text()
  let json: any
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  // Every answer a test sees must match the schema its route declares (issue #14 response-schema conformance).
  if (res.headers.get('content-type')?.startsWith('application/json')) checkAnswer(app, method, path, res.status, json)
  return { status: res.status, headers: res.headers, json, text }
}

let sessionCounter = 0
/** A fresh 32-character base-36 session id. */
export const newSessionId = () => (Date.now().toString(36) + (sessionCounter++).toString(36) + Math.random().toString(36).slice(2)).padEnd(32, '0').slice(0, 32)

/** The `name=value` pair of the first cookie a Set-Cookie header sets, as a browser sends it back (its name follows the app's PUBLIC_URL). */
export const cookieSetBy = (setCookie: string | null) => setCookie?.split(';')[0] ?? ''

/** Creates a visitor through POST /api/session; returns its user and the cookie header to send (the session cookie the answer set). */
export async function makeVisitor(app: AnyApp, fields: Record<string, unknown> = {}) {
  const sessionId = newSessionId()
  const r = await call(app, 'POST', paths.session(), { sessionId, ...fields })
  if (r.status !== 200) throw new Error(`makeVisitor: ${r.status} ${r.text}`)
  return { user: r.json as { id: number; sessionId: string; username: string }, cookie: cookieSetBy(r.headers.get('set-cookie')) }
}

/**
 * Points the server's logger at a buffer for one test: answers the JSON lines written so far (parsed) and restore(),
 * which makes the logger silent again as under `bun test`.
 */
export function captureLog(): { lines(): Record<string, unknown>[]; restore(): void } {
  const written: string[] = []
  configureLog({ level: 'trace', production: false, destination: { write: (line: string) => void written.push(line) } })
  return { lines: () => written.map((l) => JSON.parse(l) as Record<string, unknown>), restore: () => void configureLog({ level: 'silent', production: false }) }
}
