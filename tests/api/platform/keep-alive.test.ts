/**
 * Keep-alive connections survive every kind of answer (no request can hang the server). Against a real
 * listening server over raw TCP, so the test decides when each byte is sent: a call is answered before its body was
 * read (cross-site 403, no session 401, 413 over the body limits, an upload's 413 or 415 in the middle of the body),
 * the client then sends the rest of the body as a browser or fetch would, and the same connection must still answer
 * the next request. Also the soak's own calls (bench/soak.ts) one after another on one connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { join } from 'node:path'
import { makeTestApp, makeVisitor } from '../../support/test-app'
import { SERVER_BODY_CAP_BYTES } from '@server/http/body-limit'
import { MAX_IMAGE_BYTES } from '@server/contract/media'
import { waitFor } from '../../support/process-checks'
import { FIXTURES_DIR } from '../../support/builders'

const t = makeTestApp()
const server = t.app.listen({ port: 0, hostname: '127.0.0.1', maxRequestBodySize: SERVER_BODY_CAP_BYTES })
afterAll(() => (server.stop(true), t.cleanup()))

let visitor: Awaited<ReturnType<typeof makeVisitor>>
beforeAll(async () => {
  visitor = await makeVisitor(t.app)
})

/** One keep-alive connection: send() writes bytes; next() resolves the next whole answer (status and body text). */
async function openConnection() {
  const socket: Socket = connect(server.server!.port!, '127.0.0.1')
  await new Promise((resolve) => socket.once('connect', resolve))
  let buffer = Buffer.alloc(0)
  let closed = false
  socket.on('data', (chunk: Buffer) => (buffer = Buffer.concat([buffer, chunk])))
  socket.on('close', () => (closed = true))
  socket.on('error', () => {})
  /**
   * Takes one answer off the front of buffer (no body, Content-Length or chunked), or undefined when it has not all
   * come; toHead: the answer to a HEAD, which has no body whatever its headers say.
   */
  const takeAnswer = (toHead: boolean) => {
    const headEnd = buffer.indexOf('\r\n\r\n')
    if (headEnd < 0) return undefined
    const head = buffer.subarray(0, headEnd).toString('latin1')
    let rest = buffer.subarray(headEnd + 4)
    const status = Number(head.split(' ')[1])
    // A 204 or 304 has no body, whatever its headers say.
    const length = toHead || status === 204 || status === 304 ? '0' : /\r\ncontent-length: *(\d+)/i.exec(head)?.[1]
    let body: Buffer
    if (length !== undefined) {
      if (rest.length < Number(length)) return undefined
      body = rest.subarray(0, Number(length))
      rest = rest.subarray(Number(length))
    } else {
      const parts: Buffer[] = []
      for (;;) {
        const lineEnd = rest.indexOf('\r\n')
        if (lineEnd < 0) return undefined
        const size = parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16)
        if (rest.length < lineEnd + 2 + size + 2) return undefined
        parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size))
        rest = rest.subarray(lineEnd + 2 + size + 2)
        if (size === 0) break
      }
      body = Buffer.concat(parts)
    }
    buffer = rest
    return { status, head, text: body.toString() }
  }
  return {
    send: (bytes: string | Buffer) => new Promise<void>((resolve) => socket.write(bytes, () => resolve())),
    async next(toHead = false) {
      let answer: ReturnType<typeof takeAnswer>
      await waitFor('an answer on the kept-alive connection', () => (answer = takeAnswer(toHead)) !== undefined || closed)
      if (!answer) throw new Error('the server closed the connection instead of answering')
      return answer
    },
    close: () => socket.destroy(),
    closed: () => closed,
  }
}
type Connection = Awaited<ReturnType<typeof openConnection>>

/** The request line and headers of a call, ending with the blank line. */
const head = (method: string, path: string, headers: Record<string, string | number>) =>
  `${method} ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`

/** The connection still answers a plain call after whatever came before. */
async function expectStillAnswers(connection: Connection) {
  await connection.send(head('GET', '/api/site-settings', {}))
  expect((await connection.next()).status).toBe(200)
}

/**
 * Sends head and the first `before` bytes of body, waits for the answer, then sends the rest of the body (what a
 * client that streams its body does) and checks the same connection still answers. Resolves the first answer.
 */
async function answeredEarly(requestHead: string, body: Buffer, before: number) {
  const connection = await openConnection()
  try {
    await connection.send(Buffer.concat([Buffer.from(requestHead), body.subarray(0, before)]))
    const first = await connection.next()
    await connection.send(body.subarray(before))
    await expectStillAnswers(connection)
    return first
  } finally {
    connection.close()
  }
}

const BOUNDARY = 'keepalive-boundary'
/** A multipart upload body: the userId field, then a file part named fileName holding fileBytes. */
const uploadBody = (userId: number, fileName: string, fileBytes: Buffer) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="userId"\r\n\r\n${userId}\r\n`),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    fileBytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ])
const uploadHead = (length: number, headers: Record<string, string> = {}) =>
  head('POST', '/api/media/upload', {
    'sec-fetch-site': 'same-origin',
    cookie: visitor.cookie,
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    'content-length': length,
    ...headers,
  })
const jsonHead = (path: string, length: number | 'chunked', headers: Record<string, string> = {}) =>
  head('POST', path, {
    'sec-fetch-site': 'same-origin',
    cookie: visitor.cookie,
    'content-type': 'application/json',
    ...(length === 'chunked' ? { 'transfer-encoding': 'chunked' } : { 'content-length': length }),
    ...headers,
  })
/** One chunk of a chunked body. */
const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`

describe('a kept-alive connection after an answer sent before the body was read', () => {
  it('still answers after a cross-site POST refused with 403', async () => {
    const body = Buffer.from(JSON.stringify({ userId: visitor.user.id, mediaId: 1, isHot: true }))
    const first = await answeredEarly(jsonHead('/api/votes', body.length, { 'sec-fetch-site': 'cross-site' }), body, 0)
    expect(first.status).toBe(403)
  })

  it('still answers after an upload without a session refused with 401', async () => {
    const body = uploadBody(visitor.user.id, 'a.jpg', Buffer.alloc(300_000, 0xff))
    const first = await answeredEarly(uploadHead(body.length, { cookie: 'sid=none' }), body, 0)
    expect(first.status).toBe(401)
  })

  it('still answers after a declared JSON body over 64 KB refused with 413', async () => {
    const body = Buffer.alloc(100_000, 0x20)
    const first = await answeredEarly(jsonHead('/api/votes', body.length), body, 1000)
    expect(first.status).toBe(413)
  })

  it('closes the connection after a chunked JSON body refused with 413 once past 64 KB: a body of no known end is never drained', async () => {
    const connection = await openConnection()
    try {
      await connection.send(jsonHead('/api/votes', 'chunked') + chunk(' '.repeat(70_000)))
      const first = await connection.next()
      expect(first.status).toBe(413)
      expect(first.head.toLowerCase()).toContain('connection: close')
      await waitFor('the server to close the connection', () => connection.closed())
    } finally {
      connection.close()
    }
  })

  it('still answers after an upload refused with 413 in the middle of its file part', async () => {
    const body = uploadBody(visitor.user.id, 'big.jpg', Buffer.alloc(MAX_IMAGE_BYTES + 1024 * 1024, 0xff))
    const first = await answeredEarly(uploadHead(body.length), body, MAX_IMAGE_BYTES + 4096)
    expect(first.status).toBe(413)
  })

  it('still answers after an upload of a type not accepted refused with 415 before the rest of its file', async () => {
    const body = uploadBody(visitor.user.id, 'tool.exe', Buffer.alloc(2_000_000, 0x01))
    const first = await answeredEarly(uploadHead(body.length), body, 1000)
    expect(first.status).toBe(415)
  })
})

describe("a kept-alive connection carrying the soak's calls", () => {
  it('answers a session, an upload, the queue, a view, a vote, the stats and the public configs one after another', async () => {
    const connection = await openConnection()
    const exchange = async (request: string | Buffer) => (await connection.send(request), connection.next())
    try {
      const session = JSON.stringify({ sessionId: visitor.cookie.slice('sid='.length) })
      expect(
        (await exchange(head('POST', '/api/session', { 'content-type': 'application/json', 'content-length': session.length }) + session))
          .status,
      ).toBe(200)
      const photo = uploadBody(visitor.user.id, 'colorful-cups.png', readFileSync(join(FIXTURES_DIR, 'colorful-cups.png')))
      const upload = await exchange(Buffer.concat([Buffer.from(uploadHead(photo.length)), photo]))
      expect(upload.status).toBe(201)
      const other = await makeVisitor(t.app)
      const queue = await exchange(head('GET', `/api/media/queue/${other.user.id}?limit=10`, { cookie: other.cookie }))
      expect(queue.status).toBe(200)
      const mediaId = (JSON.parse(upload.text) as { media: { id: number } }).media.id
      const view = JSON.stringify({ userId: other.user.id })
      expect((await exchange(jsonHead(`/api/media/${mediaId}/view`, view.length, { cookie: other.cookie }) + view)).status).toBe(204)
      const vote = JSON.stringify({ userId: other.user.id, mediaId, isHot: true })
      expect((await exchange(jsonHead('/api/votes', vote.length, { cookie: other.cookie }) + vote)).status).toBe(201)
      expect((await exchange(head('GET', `/api/users/${other.user.id}/stats`, { cookie: other.cookie }))).status).toBe(200)
      for (const path of [
        '/api/vote-multiplier-config',
        '/api/email-capture-config',
        '/api/idle-redirect-config',
        '/api/ad-config/skip-button',
      ])
        expect((await exchange(head('GET', path, {}))).status).toBe(200)
      await expectStillAnswers(connection)
    } finally {
      connection.close()
    }
  })

  it('answers the stored file whole, a range, a 304, a HEAD and a bad range one after another', async () => {
    const connection = await openConnection()
    const exchange = async (request: string | Buffer, toHead = false) => (await connection.send(request), connection.next(toHead))
    try {
      const photo = readFileSync(join(FIXTURES_DIR, 'red-marigold.webp'))
      const body = uploadBody(visitor.user.id, 'red-marigold.webp', photo)
      const upload = await exchange(Buffer.concat([Buffer.from(uploadHead(body.length)), body]))
      expect(upload.status).toBe(201)
      const url = (JSON.parse(upload.text) as { media: { url: string } }).media.url
      const whole = await exchange(head('GET', url, {}))
      expect(whole).toMatchObject({ status: 200 })
      const etag = /\r\netag: *([^\r]+)/i.exec(whole.head)![1]
      // The stored copy is the pipeline's stripped one, not the uploaded bytes: its length is what is served.
      const stored = Number(/\r\ncontent-length: *(\d+)/i.exec(whole.head)![1])
      expect(await exchange(head('GET', url, { range: 'bytes=0-99' }))).toMatchObject({ status: 206 })
      expect(await exchange(head('GET', url, { 'if-none-match': etag }))).toMatchObject({ status: 304, text: '' })
      expect(await exchange(head('HEAD', url, {}), true)).toMatchObject({ status: 200, text: '' })
      expect(await exchange(head('GET', url, { range: `bytes=${stored + 10}-` }))).toMatchObject({ status: 416 })
      await expectStillAnswers(connection)
    } finally {
      connection.close()
    }
  })
})
