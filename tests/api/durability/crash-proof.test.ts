/**
 * Crash-proof request handling against a real listening server process: bodies that could take the
 * process down (a multipart body cut inside a part) or answer 500 (malformed percent-encoding) get a 400 JSON
 * answer, and the server still answers afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { startServer, type TestServer } from '../../support/browser'
import { newSessionId } from '../../support/test-app'
import { filesUnder } from '../../support/process-checks'

let server: TestServer
let cookie: string
let userId: number
beforeAll(async () => {
  server = await startServer()
  const sessionId = newSessionId()
  const r = await fetch(`${server.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId }),
  })
  userId = ((await r.json()) as { id: number }).id
  cookie = `sid=${sessionId}`
})
afterAll(() => server.stop())

const multipart = (body: string) => ({
  'content-type': 'multipart/form-data; boundary=xyz',
  'content-length': String(Buffer.byteLength(body, 'latin1')),
})
const post = (path: string, body: string, headers: Record<string, string>) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { ...multipart(body), 'sec-fetch-site': 'same-origin', ...headers },
    body: Buffer.from(body, 'latin1'),
  })

/** The server process is still running and answering. */
async function expectAlive() {
  expect(server.proc.exitCode).toBeNull()
  expect((await fetch(`${server.url}/api/site-settings`)).status).toBe(200)
}

const truncatedBodies = {
  'a file part cut in the middle': '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG truncated',
  'a drained non-file part cut in the middle': () =>
    `--xyz\r\nContent-Disposition: form-data; name="userId"\r\n\r\n${userId}\r\n--xyz\r\nContent-Disposition: form-data; name="other"; filename="b.txt"\r\n\r\nsome text, truncated`,
  'a text field cut in the middle': '--xyz\r\nContent-Disposition: form-data; name="userId"\r\n\r\n12',
  'a file part after the parts limit': `--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG\r\n--xyz\r\nContent-Disposition: form-data; name="file"; filename="b.png"\r\n\r\n\x89PNG cut`,
}

describe('a truncated multipart body', () => {
  for (const [name, body] of Object.entries(truncatedBodies)) {
    it(`POST /api/media/upload with ${name} answers 400 JSON and the server lives on`, async () => {
      const r = await post('/api/media/upload', typeof body === 'function' ? body() : body, { cookie })
      expect(r.status).toBe(400)
      expect(((await r.json()) as { error: string }).error).toStartWith('Malformed multipart body')
      await expectAlive()
    })

    it(`POST /api/admin/bucket-upload with ${name} answers 400 JSON and the server lives on`, async () => {
      const r = await post('/api/admin/bucket-upload', typeof body === 'function' ? body() : body, { authorization: server.adminAuth })
      expect(r.status).toBe(400)
      expect(((await r.json()) as { error: string }).error).toStartWith('Malformed multipart body')
      await expectAlive()
    })
  }

  it('leaves no temp file behind', async () => {
    expect(filesUnder(`${server.dataDir}/tmp`)).toEqual([])
  })
})

describe('malformed percent-encoding in a path', () => {
  for (const path of ['/%E0%A4%A', '/api/media/file/%E0%A4%A', '/api/users/%ZZ/stats', '/adm/%C0']) {
    it(`GET ${path} answers 400 JSON`, async () => {
      const r = await fetch(`${server.url}${path}`, { headers: { cookie } })
      expect(r.status).toBe(400)
      expect(await r.json()).toEqual({ error: 'Malformed percent-encoding in the path', requestId: expect.any(String) })
      await expectAlive()
    })
  }
})

it('the server process never exited during these requests', async () => {
  await expectAlive()
})
