/**
 * No secret in a production log: the server started as `npm start` starts it (NODE_ENV=production, outbox mail, a
 * generated admin password, a metrics token, stdout a pipe) goes through a visitor's session, a save link and a login
 * link (used), an upload, a DMCA filing, admin logins by form and by HTTP Basic, a wrong admin password, a scrape of
 * /metrics and a shutdown; then its whole stdout and stderr are searched for every secret value and email address the
 * run created. The same log pairs every error answer's requestId with its request line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { paths } from '@contract/paths'
import { startServer, type TestServer } from './support/browser'
import { uploadForm, takedownInput } from './support/builders'
import { waitFor } from './support/process-checks'
import { newSessionId } from './support/test-app'
import { ADMIN_PASSWORD_FILE } from '@server/core/admin-password'

let server: TestServer
const METRICS_TOKEN = 'metrics-token-of-the-log-test'
/** Starts a production server for the enclosing describe, stopped after it. */
function useProductionServer() {
  beforeAll(async () => {
    server = await startServer({ NODE_ENV: 'production', ADMIN_PASSWORD: '', SMTP_URL: '', METRICS_TOKEN, LOG_LEVEL: 'trace' })
  })
  afterAll(() => server.stop())
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers },
  body: JSON.stringify(body),
})
const api = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init)

/** The magic-link tokens in the outbox's .eml files (quoted-printable soft breaks undone). */
function outboxTokens(): string[] {
  const dir = join(server.dataDir, 'outbox')
  const text = readdirSync(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
  return [...new Set([...text.matchAll(/token=([\w-]{20,})/g)].map((m) => m[1]))]
}

describe('a production log', () => {
  useProductionServer()
  it('holds no session id, magic-link token or link, email address, admin password, admin or metrics token of a whole run', async () => {
    const secrets: string[] = ['kim@example.com', 'rights@example.com', METRICS_TOKEN]
    const sessionId = newSessionId()
    secrets.push(sessionId)
    const user = (await (await api(paths.session(), json({ sessionId }))).json()) as { id: number }
    const cookie = `sid=${sessionId}`
    expect(
      (
        await api(paths.mediaUpload(), {
          method: 'POST',
          headers: { cookie, 'sec-fetch-site': 'same-origin' },
          body: uploadForm(user.id, 'forest-path-portrait.png'),
        })
      ).status,
    ).toBe(201)

    expect((await api(paths.sendMagicLink(), json({ email: 'kim@example.com', sessionId }, { cookie }))).status).toBe(200)
    await waitFor('the save link in the outbox', () => outboxTokens().length === 1)
    const [saveToken] = outboxTokens()
    expect((await api(paths.verifyMagicLink(), json({ token: saveToken }, { cookie }))).status).toBe(200)
    expect((await api(paths.loginExisting(), json({ email: 'kim@example.com' }))).status).toBe(200)
    await waitFor('the login link in the outbox', () => outboxTokens().length === 2)
    const tokens = outboxTokens()
    secrets.push(...tokens, ...tokens.map((t) => `/auth/verify?token=${t}`))
    expect((await api(paths.dmcaTakedown(), json(takedownInput()))).status).toBe(201)
    expect((await api('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200)

    const adminPassword = readFileSync(join(server.dataDir, ADMIN_PASSWORD_FILE), 'utf8').trim()
    secrets.push(adminPassword)
    const login = await api(paths.adminLogin(), json({ username: 'admin', password: adminPassword }))
    expect(login.status).toBe(200)
    const adminToken = /hv_admin=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]
    secrets.push(adminToken)
    expect((await api(paths.adminDmcaTakedowns(), { headers: { cookie: `hv_admin=${adminToken}` } })).status).toBe(200)
    const basic = btoa(`admin:${adminPassword}`)
    secrets.push(basic)
    expect((await api(paths.adminDmcaTakedowns(), { headers: { authorization: `Basic ${basic}` } })).status).toBe(200)
    const wrongPassword = 'a-wrong-guess-of-the-admin'
    secrets.push(wrongPassword)
    expect((await api(paths.adminLogin(), json({ username: 'admin', password: wrongPassword }))).status).toBe(401)

    await server.stop()
    const log = server.log()
    expect(log).toContain('running at')
    expect(log).toContain('mail to [redacted] written to')
    for (const secret of secrets) expect({ secret, inLog: log.includes(secret) }).toEqual({ secret, inLog: false })
  })
})

/** The JSON lines of a log (other lines, such as the admin-password notice, skipped). */
const jsonLines = (log: string) =>
  log
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)

describe('request ids', () => {
  useProductionServer()
  it('puts the X-Request-Id of every error answer in its body and in the one log line of its request, and keeps a well-formed incoming one', async () => {
    const answers = await Promise.all([
      api('/api/no-such-route'),
      api('/api/users/%ZZ/stats'),
      api(paths.session(), json({ sessionId: 'short' })),
      api(paths.adminDmcaTakedowns()),
      api('/metrics'),
      api(paths.session(), {
        ...json({ sessionId: newSessionId() }),
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      }),
      api('/api/no-such-route', { headers: { 'x-request-id': 'lb-1234.abcd' } }),
    ])
    const ids = await Promise.all(
      answers.map(async (r) => {
        expect(r.status).toBeGreaterThanOrEqual(400)
        const body = (await r.json()) as { requestId: string }
        expect(body.requestId).toBe(r.headers.get('x-request-id')!)
        return { id: body.requestId, status: r.status }
      }),
    )
    expect(ids.at(-1)!.id).toBe('lb-1234.abcd')
    expect(new Set(ids.map((i) => i.id)).size).toBe(ids.length)
    await waitFor('the request lines', () => ids.every(({ id }) => server.log().includes(id)))
    const lines = jsonLines(server.log())
    for (const { id, status } of ids) {
      const requestLines = lines.filter((l) => l.requestId === id && l.msg === 'request')
      expect({ id, lines: requestLines.length, status: requestLines[0]?.status }).toEqual({ id, lines: 1, status })
    }
  })
})
