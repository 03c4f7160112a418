/**
 * Browser-test data through a running server's public and admin API: newVisitor() starts an anonymous session;
 * seedUploads() uploads fixtures as a fresh visitor; adminPage() opens a page whose browser already holds the admin token (admin-back-office §3 Admin session);
 * adminGet() reads an admin API answer with the server's admin credentials.
 */
import { expect } from 'bun:test'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { FIXTURES, type TestServer } from './browser'
import { paths } from '@contract/paths'
import type { UploadAnswer } from '@contract/media'
import { cookieSetBy } from './test-app'

let visitorCounter = 0

/**
 * A new visitor through POST /api/session (fields: optional username, latitude, longitude); answers its id, username
 * and the cookie header to send. Throws on a non-200.
 */
export async function newVisitor(
  server: TestServer,
  fields: Record<string, unknown> = {},
): Promise<{ id: number; username: string; cookie: string }> {
  const sessionId = `seed${Date.now().toString(36)}${visitorCounter++}`.padEnd(32, '0')
  const res = await fetch(`${server.url}${paths.session()}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId, ...fields }),
  })
  if (res.status !== 200) throw new Error(`newVisitor: ${res.status} ${await res.text()}`)
  const user = (await res.json()) as { id: number; username: string }
  return { id: user.id, username: user.username, cookie: cookieSetBy(res.headers.get('set-cookie')) }
}

/**
 * Uploads each fixture name (or File made by the test) as one new visitor; answers the owner's id, cookie, the media
 * ids and each upload's answer (in names order). Throws on a non-201.
 */
export async function seedUploads(
  server: TestServer,
  names: readonly (string | File)[],
): Promise<{ ownerId: number; cookie: string; mediaIds: number[]; media: UploadAnswer['media'][] }> {
  const { id: ownerId, cookie } = await newVisitor(server)
  const mediaIds: number[] = []
  const media: UploadAnswer['media'][] = []
  for (const entry of names) {
    const name = typeof entry === 'string' ? entry : entry.name
    const form = new FormData()
    form.append('userId', String(ownerId))
    form.append('file', typeof entry === 'string' ? Bun.file(join(FIXTURES, entry)) : entry, name)
    const res = await fetch(`${server.url}${paths.mediaUpload()}`, { method: 'POST', headers: { cookie, origin: server.url }, body: form })
    if (res.status !== 201) throw new Error(`seedUploads: ${name}: ${res.status} ${await res.text()}`)
    const answer = (await res.json()) as UploadAnswer
    mediaIds.push(answer.media.id)
    media.push(answer.media)
  }
  return { ownerId, cookie, mediaIds, media }
}

/**
 * A new desktop-sized page (1280x900) in a fresh context that is logged in to /adm with the server's admin password:
 * the context's own POST /api/admin/login sets the admin token cookie, and the page starts with the session marker.
 */
export async function adminPage(app: { server: TestServer; browser: Browser }): Promise<Page> {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } })
  const login = await context.request.post(`${app.server.url}${paths.adminLogin()}`, {
    data: { username: 'admin', password: app.server.adminPassword },
  })
  expect(login.status()).toBe(200)
  const { expiresAt } = (await login.json()) as { expiresAt: string }
  await context.addInitScript(
    (marker) => localStorage.getItem('adminToken') ?? localStorage.setItem('adminToken', marker),
    `session:${expiresAt}`,
  )
  return context.newPage()
}

/** GET an admin path of server with its admin credentials; asserts status 200 and answers the parsed JSON. */
export async function adminGet<T>(server: TestServer, path: string): Promise<T> {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: server.adminAuth } })
  expect(res.status).toBe(200)
  return (await res.json()) as T
}
