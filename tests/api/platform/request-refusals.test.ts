/**
 * Requests refused before they cost anything, each answered with JSON: a path with NUL or another control character
 * (400), a source map in production (404), a body sent to an admin route without credentials (401, never read), and
 * an upload over the size cap on the real listening server started as `npm start` starts it (413 JSON, the rest of
 * the body never read).
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { createApp } from '@server/app'
import { routes } from '@server/contract/paths'
import { MALFORMED_PATH } from '@server/http/path-guard'
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from '@server/contract/media'
import { captureLog, makeTestApp, makeTestDeps, newSessionId } from '../../support/test-app'
import { startServer, type TestServer } from '../../support/browser'

const MiB = 1024 * 1024

/** A request body that counts the bytes the server pulls from it; highWaterMark 0, so nothing is pulled before the server asks. */
function countingBody(total: number) {
  const pulled = { bytes: 0 }
  const chunk = new Uint8Array(64 * 1024).fill(0x7b)
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled.bytes >= total) return controller.close()
        pulled.bytes += chunk.byteLength
        controller.enqueue(chunk)
      },
    },
    { highWaterMark: 0 },
  )
  return { stream, pulled }
}

/**
 * Sends bytes over a raw socket to port and nothing more. Resolves with the answer (status, head text, JSON body) once
 * it has fully arrived, and whether the server then closed the connection within 5 s instead of waiting for more body.
 */
function rawRequest(port: number, bytes: Buffer): Promise<{ status: number; head: string; json: unknown; closed: boolean }> {
  return new Promise((resolve, reject) => {
    let data = ''
    let closed = false
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes))
    socket.on('error', reject)
    socket.on('close', () => (closed = true))
    socket.on('data', async (chunk) => {
      data += chunk.toString()
      const [headText, body] = data.split('\r\n\r\n')
      const length = Number(/content-length: (\d+)/i.exec(headText)?.[1] ?? -1)
      if (body === undefined || body.length < length) return
      const until = Date.now() + 5000
      while (!closed && Date.now() < until) await Bun.sleep(10)
      socket.destroy()
      resolve({ status: Number(headText.split(' ')[1]), head: headText, json: body ? JSON.parse(body) : undefined, closed })
    })
  })
}

/** rawRequest of head declaring a body of declaredBytes, of which only the first MiB is sent. */
const rawBigRequest = (port: number, head: string, declaredBytes: number) =>
  rawRequest(port, Buffer.concat([Buffer.from(`${head}\r\nContent-Length: ${declaredBytes}\r\n\r\n`), Buffer.alloc(MiB, 0x41)]))

describe('malformed paths', () => {
  const t = makeTestApp()
  afterAll(() => t.cleanup())

  it('answers 400 JSON to /%00 and other paths decoding to a control character, and logs no warning or error', async () => {
    const log = captureLog()
    try {
      for (const path of ['/%00', '/assets/a%00.js', '/api/media/file/%00', '/a%0Ab', '/%7F']) {
        const res = await t.app.handle(new Request(`http://localhost${path}`))
        expect(res.status).toBe(400)
        expect(await res.json()).toEqual({ error: MALFORMED_PATH, requestId: expect.any(String) })
      }
      expect(log.lines().filter((l) => Number(l.level) >= 40)).toEqual([])
    } finally {
      log.restore()
    }
  })
})

describe('source maps', () => {
  const dev = makeTestDeps()
  const prod = makeTestDeps({ NODE_ENV: 'production' })
  const dist = join(dev.dir, 'dist')
  beforeAll(() => {
    mkdirSync(join(dist, 'assets'), { recursive: true })
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>HotVote</title>')
    writeFileSync(join(dist, 'assets', 'index-abc.js'), 'export const a = 1\n//# sourceMappingURL=index-abc.js.map\n')
    writeFileSync(
      join(dist, 'assets', 'index-abc.js.map'),
      '{"version":3,"sources":["../src/main.tsx"],"sourcesContent":["// the whole source"]}',
    )
  })
  afterAll(() => (dev.cleanup(), prod.cleanup()))

  it('are not served in production: 404 JSON, while the script itself is', async () => {
    const app = createApp(prod.deps, dist)
    const map = await app.handle(new Request('http://localhost/assets/index-abc.js.map'))
    expect(map.status).toBe(404)
    expect(await map.json()).toEqual({ error: 'Not found', requestId: expect.any(String) })
    expect((await app.handle(new Request('http://localhost/assets/index-abc.js'))).status).toBe(200)
  })

  it('are served in development', async () => {
    const res = await createApp(dev.deps, dist).handle(new Request('http://localhost/assets/index-abc.js.map'))
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('sourcesContent')
  })
})

describe('a body sent to an admin route without credentials', () => {
  const t = makeTestApp()
  afterAll(() => t.cleanup())

  it('is answered 401 before a byte of it is read', async () => {
    const { stream, pulled } = countingBody(50 * MiB)
    const request = new Request(`http://localhost${routes.adminVoteMultiplierConfig}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    const res = await t.app.handle(request)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Admin authentication required', requestId: expect.any(String) })
    expect(res.headers.get('www-authenticate')).toBe('Basic realm="admin"')
    expect(pulled.bytes).toBe(0)
  })

  it('still reaches the route with credentials', async () => {
    const res = await t.app.handle(
      new Request(`http://localhost${routes.adminVoteMultiplierConfig}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'sec-fetch-site': 'same-origin',
          authorization: `Basic ${btoa('admin:test-admin-password')}`,
        },
        body: JSON.stringify({ multiplier: 'not a number' }),
      }),
    )
    expect(res.status).toBe(400)
  })
})

describe('the listening server', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ ADMIN_PASSWORD: 'refusals-admin-password' })
  })
  afterAll(() => server.stop())

  it('answers /%00 with 400 JSON and logs nothing', async () => {
    const res = await fetch(`${server.url}/%00`)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: MALFORMED_PATH, requestId: expect.any(String) })
    expect(server.log()).not.toContain('Error')
  })

  it('answers a 21 MiB video upload sent by fetch with 413 JSON', async () => {
    const sessionId = newSessionId()
    const session = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ sessionId }),
    })
    const user = (await session.json()) as { id: number }
    const form = new FormData()
    form.append('userId', String(user.id))
    form.append('file', new File([new Uint8Array(21 * MiB)], 'clip.mp4', { type: 'video/mp4' }))
    const res = await fetch(`${server.url}/api/media/upload`, {
      method: 'POST',
      headers: { cookie: `sid=${sessionId}`, 'sec-fetch-site': 'same-origin' },
      body: form,
    })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ error: 'Request body too large', requestId: expect.any(String) })
  })

  it('refuses a declared 200 MB upload of which 1 MiB is sent with 413 JSON, then closes the connection', async () => {
    const r = await rawBigRequest(
      server.port,
      `POST /api/media/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nSec-Fetch-Site: same-origin\r\nContent-Type: multipart/form-data; boundary=x`,
      200 * 1000 * 1000,
    )
    expect(r.status).toBe(413)
    expect(r.json).toEqual({ error: 'Request body too large', requestId: expect.any(String) })
    expect(r.closed).toBe(true)
  })

  it('refuses a chunked upload past the type limit with 413 JSON and closes the connection instead of draining the rest', async () => {
    const sessionId = newSessionId()
    const user = (await (
      await fetch(`${server.url}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ sessionId }),
      })
    ).json()) as { id: number }
    const part = `--x\r\nContent-Disposition: form-data; name="userId"\r\n\r\n${user.id}\r\n--x\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`
    const file = Buffer.alloc(MAX_IMAGE_BYTES + 64 * 1024, 0xff)
    const chunked = (bytes: Buffer) => Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')])
    const r = await rawRequest(
      server.port,
      Buffer.concat([
        Buffer.from(
          `POST /api/media/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nSec-Fetch-Site: same-origin\r\nCookie: sid=${sessionId}\r\nContent-Type: multipart/form-data; boundary=x\r\nTransfer-Encoding: chunked\r\n\r\n`,
        ),
        chunked(Buffer.from(part)),
        chunked(file),
      ]),
    )
    expect(r.status).toBe(413)
    expect(r.json).toEqual({ error: IMAGE_TOO_LARGE, requestId: expect.any(String) })
    expect(r.closed).toBe(true)
  })

  it('answers a declared 50 MB admin body without credentials, of which 1 MiB is sent, with 401 JSON, then closes the connection', async () => {
    const r = await rawBigRequest(
      server.port,
      `POST ${routes.adminVoteMultiplierConfig} HTTP/1.1\r\nHost: 127.0.0.1\r\nSec-Fetch-Site: same-origin\r\nContent-Type: application/json`,
      50 * 1000 * 1000,
    )
    expect(r.status).toBe(401)
    expect(r.json).toEqual({ error: 'Admin authentication required', requestId: expect.any(String) })
    expect(r.closed).toBe(true)
  })
})
