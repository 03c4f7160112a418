/**
 * makeTestDeps / makeTestApp: a real app on a fresh temp dir (real SQLite file, or with TEST_DIALECT=postgres a fresh
 * PostgreSQL database; real filesystem bucket, outbox mailer) and call(), which runs one request through app.handle
 * without opening a port.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '@server/config'
import { Database as SqliteClient } from 'bun:sqlite'
import { openDatabase } from '@server/db/open'
import { sqliteDatabase, type Database } from '@server/db/database'
import { migratePostgres, openPool } from '@server/db/open-postgres'
import { SQL } from 'bun'
import { testDatabaseUrl } from './postgres-url'
import { createTestDatabase, dropTestDatabase, keepTestDatabases, testDatabaseName } from './test-databases'
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
  return {
    now: () => new Date(now),
    sleep: async (ms) => void (now += ms),
    advance: (ms) => void (now += ms),
    set: (d) => void (now = d.getTime()),
  }
}

/**
 * Generous upload and session limits for tests: every app.handle request comes from one unknown address, and a test
 * of other behaviour may make many visitors and uploads. Tests of these limits set small ones through env.
 */
export const GENEROUS_LIMITS = {
  UPLOADS_PER_VISITOR_PER_HOUR: '100000',
  UPLOADS_PER_ADDRESS_PER_HOUR: '100000',
  SESSIONS_PER_ADDRESS_PER_HOUR: '100000',
  UPLOAD_QUOTA_MB: '100000',
}

/** The database the tests run on: TEST_DIALECT=postgres, else the embedded SQLite. */
export const TEST_DIALECT: 'sqlite' | 'postgres' = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite'

// On PostgreSQL, this test process migrates one template database once and every app gets a copy of it; copies
// are dropped on cleanup, and the template with any copy left (an app whose test never cleaned up) when the process
// ends, by its keeper (tests/support/test-databases.ts).
const pgTemplate = testDatabaseName('template')
if (TEST_DIALECT === 'postgres') {
  await keepTestDatabases()
  createTestDatabase(pgTemplate)
  await migratePostgres(testDatabaseUrl(pgTemplate))
}
let pgCount = 0

const serverDatabases = new Map<string, string>()
/**
 * With TEST_DIALECT=postgres, the URL of a fresh database (a copy of the migrated template) for the server process
 * that keeps its data under key (its DATA_DIR), the same one when that server restarts; dropped when the test process
 * ends. Undefined on SQLite, where the server uses the file in its DATA_DIR.
 */
export function serverDatabaseUrl(key: string): string | undefined {
  if (TEST_DIALECT === 'sqlite') return undefined
  let name = serverDatabases.get(key)
  if (!name) {
    name = testDatabaseName(String(++pgCount))
    createTestDatabase(name, pgTemplate)
    serverDatabases.set(key, name)
  }
  return testDatabaseUrl(name)
}

/** A fresh test database: a SQLite file in dir, or a new PostgreSQL database copied from the migrated template. */
function openTestDatabase(dir: string): { db: Database; sqlite?: ReturnType<typeof openDatabase>['sqlite']; url?: string; drop(): void } {
  if (TEST_DIALECT === 'sqlite') {
    const opened = openDatabase(join(dir, 'hotvote.sqlite'))
    return { db: sqliteDatabase(opened), sqlite: opened.sqlite, drop: () => opened.sqlite.close() }
  }
  const name = testDatabaseName(String(++pgCount))
  createTestDatabase(name, pgTemplate)
  const url = testDatabaseUrl(name)
  const pool = openPool(url, { max: 4, idleTimeout: 5 })
  const db: Database = { dialect: 'postgres', ...pool }
  return {
    db,
    url,
    drop: () => {
      void pool.close()
      dropTestDatabase(name)
    },
  }
}

type SqlValue = string | number | boolean | null
/** Raw SQL on a test app's database, either dialect: `?` placeholders; answers as SQLite's (bigints as numbers, booleans 1/0, jsonb as JSON text). */
export type RawSql = {
  get<T = any>(query: string, ...params: SqlValue[]): Promise<T | undefined>
  all<T = any>(query: string, ...params: SqlValue[]): Promise<T[]>
  run(query: string, ...params: SqlValue[]): Promise<void>
}

/** RawSql on db: bun:sqlite itself, or a one-connection client on url whose answers look like SQLite's. */
function rawSql(sqlite: SqliteClient | undefined, url: string | undefined): RawSql {
  if (sqlite) {
    return {
      get: async (q, ...p) => (sqlite.query(q).get(...p) ?? undefined) as never,
      all: async (q, ...p) => sqlite.query(q).all(...p) as never,
      run: async (q, ...p) => void sqlite.query(q).run(...p),
    }
  }
  let client: SQL | undefined
  const rows = async (q: string, p: SqlValue[]) => {
    client ??= new SQL({ url: url!, max: 1, bigint: true, idleTimeout: 5 })
    let n = 0
    const answer = await client.unsafe(
      q.replace(/\?/g, () => `$${++n}`),
      p,
    )
    return [...answer].map((row: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [
          k,
          typeof v === 'bigint' || typeof v === 'boolean' ? Number(v) : v !== null && typeof v === 'object' ? JSON.stringify(v) : v,
        ]),
      ),
    )
  }
  return {
    get: async (q, ...p) => (await rows(q, p))[0] as never,
    all: async (q, ...p) => (await rows(q, p)) as never,
    run: async (q, ...p) => void (await rows(q, p)),
  }
}

/**
 * RawSql on the database of the server process whose DATA_DIR is dataDir (tests/support/browser.ts startServer): its
 * SQLite file, or with TEST_DIALECT=postgres its own PostgreSQL database. close() ends the connection.
 */
export function serverSql(dataDir: string): RawSql & { close(): void } {
  const url = serverDatabaseUrl(dataDir)
  if (url) return { ...rawSql(undefined, url), close: () => {} }
  const sqlite = new SqliteClient(join(dataDir, 'hotvote.sqlite'))
  sqlite.run('pragma busy_timeout = 5000')
  return { ...rawSql(sqlite, undefined), close: () => sqlite.close() }
}

/** Deps on a new temp dir; env overrides configuration (GENEROUS_LIMITS apply unless env sets them); sent collects every mail the app sends. */
export function makeTestDeps(env: Record<string, string> = {}, overrides: Partial<Deps> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'hotvote-test-'))
  const config = loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: 'test-admin-password', ...GENEROUS_LIMITS, ...env })
  const { db, sqlite, url, drop } = openTestDatabase(dir)
  if (url) config.database = { kind: 'postgres', url }
  const sent: MailMessage[] = []
  const outbox = createOutboxMailer(join(dir, 'outbox'), config.mailFrom, () => {})
  const mailer: Mailer = { send: async (m) => (sent.push(m), outbox.send(m)) }
  const clock = makeTestClock()
  const deps = { db, storage: createFsStorage(join(dir, 'bucket')), mailer, clock, config, tmpDir: join(dir, 'tmp'), ...overrides }
  return {
    deps,
    dir,
    sqlite: sqlite!,
    sql: rawSql(sqlite, url),
    sent,
    clock,
    cleanup: () => (drop(), rmSync(dir, { recursive: true, force: true })),
  }
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
  // On PostgreSQL the second instance shares t's pool: what it must not share is process memory, which createApp makes anew.
  if (t.deps.db.dialect === 'postgres') return { deps: t.deps, app: createApp(t.deps, join(t.dir, 'no-client')), close: () => {} }
  const opened = openDatabase(join(t.dir, 'hotvote.sqlite'))
  const deps: Deps = { ...t.deps, db: sqliteDatabase(opened) }
  return { deps, app: createApp(deps, join(t.dir, 'no-client')), close: () => opened.sqlite.close() }
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
  const headers: Record<string, string> = Object.fromEntries(
    Object.entries({ 'sec-fetch-site': 'same-origin', ...opts.headers }).filter(([, value]) => value !== ''),
  )
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
  // Every answer a test sees must match the schema its route declares.
  if (res.headers.get('content-type')?.startsWith('application/json')) checkAnswer(app, method, path, res.status, json)
  return { status: res.status, headers: res.headers, json, text }
}

let sessionCounter = 0
/** A fresh 32-character base-36 session id. */
export const newSessionId = () =>
  (Date.now().toString(36) + (sessionCounter++).toString(36) + Math.random().toString(36).slice(2)).padEnd(32, '0').slice(0, 32)

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
  return {
    lines: () => written.map((l) => JSON.parse(l) as Record<string, unknown>),
    restore: () => void configureLog({ level: 'silent', production: false }),
  }
}
