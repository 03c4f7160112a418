/**
 * No secret in a production log: the server started as `npm start` starts it (NODE_ENV=production, outbox mail, a
 * generated admin password, stdout a pipe) goes through a visitor's session, a save link and a login link (used), an
 * upload, a DMCA filing, admin logins by form and by HTTP Basic, a wrong admin password and a shutdown; then its whole
 * stdout and stderr are searched for every secret value the run created.
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
beforeAll(async () => {
  server = await startServer({ NODE_ENV: 'production', ADMIN_PASSWORD: '', SMTP_URL: '' })
})
afterAll(() => server.stop())

const json = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers }, body: JSON.stringify(body) })
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
  it('holds no session id, magic-link token or link, admin password or admin token of a whole run', async () => {
    const secrets: string[] = []
    const sessionId = newSessionId()
    secrets.push(sessionId)
    const user = (await (await api(paths.session(), json({ sessionId }))).json()) as { id: number }
    const cookie = `sid=${sessionId}`
    expect((await api(paths.mediaUpload(), { method: 'POST', headers: { cookie, 'sec-fetch-site': 'same-origin' }, body: uploadForm(user.id, 'forest-path-portrait.png') })).status).toBe(201)

    expect((await api(paths.sendMagicLink(), json({ email: 'kim@example.com', sessionId }, { cookie }))).status).toBe(200)
    await waitFor('the save link in the outbox', () => outboxTokens().length === 1)
    const [saveToken] = outboxTokens()
    expect((await api(paths.verifyMagicLink(), json({ token: saveToken }, { cookie }))).status).toBe(200)
    expect((await api(paths.loginExisting(), json({ email: 'kim@example.com' }))).status).toBe(200)
    await waitFor('the login link in the outbox', () => outboxTokens().length === 2)
    const tokens = outboxTokens()
    secrets.push(...tokens, ...tokens.map((t) => `/auth/verify?token=${t}`))
    expect((await api(paths.dmcaTakedown(), json(takedownInput()))).status).toBe(201)

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
    expect(log).toContain('mail to kim@example.com written to')
    for (const secret of secrets) expect({ secret, inLog: log.includes(secret) }).toEqual({ secret, inLog: false })
  })
})
