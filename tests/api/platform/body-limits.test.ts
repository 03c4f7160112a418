/**
 * Request body limits: small JSON routes refuse a body over 64 KB with 413 JSON before reading
 * it whole, declared or chunked; the upload routes still stream large files. Runs through app.handle and through a
 * real listening server (raw HTTP over TCP, so the client decides exactly what is sent and when).
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { connect } from 'node:net'
import { call, makeTestApp, makeVisitor } from '../../support/test-app'
import { makeMedia } from '../../support/builders'
import { SERVER_BODY_CAP_BYTES, jsonNestsDeeperThan } from '@server/http/body-limit'

const t = makeTestApp()
const server = t.app.listen({ port: 0, hostname: '127.0.0.1', maxRequestBodySize: SERVER_BODY_CAP_BYTES })
afterAll(async () => {
  await t.app.stop(true)
  t.cleanup()
})

const TWO_MB = 2 * 1024 * 1024
const bigJson = () => JSON.stringify({ userId: 1, mediaId: 1, isHot: true, padding: 'x'.repeat(TWO_MB) })

/** A body that sends `bytes` bytes of JSON-ish text, then stays open forever (until cancelled); counts what was pulled. */
function endlessBody(bytes: number) {
  const pulled = { bytes: 0, cancelled: false }
  let sent = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return new Promise<void>(() => {}) // never more, never closed: a client that holds the line
      const chunk = new TextEncoder().encode(`{"x":"${'x'.repeat(16 * 1024 - 6)}`)
      sent += chunk.byteLength
      pulled.bytes = sent
      controller.enqueue(chunk)
    },
    cancel: () => void (pulled.cancelled = true),
  })
  return { stream, pulled }
}

/**
 * Sends raw HTTP/1.1 head + bodyStart to the listening server and resolves with the status line and body of the
 * answer, without ever sending the rest of the declared body.
 */
function rawRequest(head: string, bodyStart: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.server!.port!, '127.0.0.1', () => socket.write(`${head}\r\n\r\n${bodyStart}`))
    let data = ''
    socket.on('data', (chunk) => {
      data += chunk.toString()
      const [headText, body] = data.split('\r\n\r\n')
      const length = Number(/content-length: (\d+)/i.exec(headText)?.[1] ?? -1)
      if (body !== undefined && body.length >= length) socket.destroy(), resolve({ status: Number(headText.split(' ')[1]), body })
    })
    socket.on('error', reject)
  })
}

describe('body limits on small JSON routes', () => {
  it('answers 413 JSON to a 2 MB JSON body on POST /api/votes and POST /api/dmca-takedown', async () => {
    const v = await makeVisitor(t.app)
    for (const path of ['/api/votes', '/api/dmca-takedown']) {
      const r = await call(t.app, 'POST', path, undefined, {
        cookie: v.cookie,
        raw: bigJson(),
        headers: { 'content-type': 'application/json' },
      })
      expect(r).toMatchObject({ status: 413, json: { error: 'Request body too large' } })
    }
  })

  it('stops reading a chunked body without a length after 64 KB and answers 413', async () => {
    const v = await makeVisitor(t.app)
    const { stream, pulled } = endlessBody(TWO_MB)
    const res = await t.app.handle(
      new Request('http://localhost/api/votes', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: v.cookie, 'sec-fetch-site': 'same-origin' },
        body: stream,
      }),
    )
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ error: 'Request body too large', requestId: expect.any(String) })
    expect(pulled.bytes).toBeLessThan(128 * 1024)
    expect(pulled.cancelled).toBe(true)
  })

  it('answers 413 at once over the network to a declared 2 MB body of which only 100 KB is ever sent', async () => {
    const head = [
      'POST /api/dmca-takedown HTTP/1.1',
      'host: 127.0.0.1',
      'content-type: application/json',
      `content-length: ${TWO_MB}`,
    ].join('\r\n')
    const answer = await rawRequest(head, `{"x":"${'x'.repeat(100 * 1024)}`)
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual({ error: 'Request body too large', requestId: expect.any(String) })
  })

  it('answers 413 over the network to a chunked body that never ends', async () => {
    const head = ['POST /api/votes HTTP/1.1', 'host: 127.0.0.1', 'content-type: application/json', 'transfer-encoding: chunked'].join(
      '\r\n',
    )
    const chunk = `{"x":"${'x'.repeat(80 * 1024)}`
    const answer = await rawRequest(head, `${chunk.length.toString(16)}\r\n${chunk}\r\n`)
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual({ error: 'Request body too large', requestId: expect.any(String) })
  })

  it('still parses a normal JSON body and still answers 400 to broken JSON', async () => {
    const v = await makeVisitor(t.app)
    expect(
      (await call(t.app, 'POST', '/api/votes', { userId: v.user.id, mediaId: 999999, isHot: true }, { cookie: v.cookie })).status,
    ).toBe(404)
    const broken = await call(t.app, 'POST', '/api/votes', undefined, {
      cookie: v.cookie,
      raw: '{"userId":',
      headers: { 'content-type': 'application/json' },
    })
    expect(broken).toMatchObject({ status: 400, json: { error: 'Malformed JSON body' } })
  })
})

describe('streamed upload routes', () => {
  it('accept a 2.3 MB video through POST /api/media/upload, over the network too', async () => {
    const v = await makeVisitor(t.app)
    expect((await makeMedia(t.app, v, 'forest-path-zoom.mp4')).status).toBe(201)
    const w = await makeVisitor(t.app)
    const form = new FormData()
    form.append('userId', String(w.user.id))
    form.append(
      'file',
      Bun.file(`${import.meta.dir}/../../../../shared/fixtures/media/forest-path-portrait.png`),
      'forest-path-portrait.png',
    )
    const res = await fetch(`${server.server!.url}api/media/upload`, {
      method: 'POST',
      headers: { cookie: w.cookie, 'sec-fetch-site': 'same-origin' },
      body: form,
    })
    expect(res.status).toBe(201)
  })

  it('accept a large file through POST /api/admin/bucket-upload', async () => {
    const form = new FormData()
    form.append(
      'file',
      Bun.file(`${import.meta.dir}/../../../../shared/fixtures/media/mountain-sunset-animated.gif`),
      'mountain-sunset-animated.gif',
    )
    const r = await call(t.app, 'POST', '/api/admin/bucket-upload', undefined, {
      raw: form,
      headers: { authorization: `Basic ${btoa('admin:test-admin-password')}` },
    })
    expect(r.status).toBe(201)
  })
})

describe('deeply nested JSON', () => {
  it('refuses a body nested deeper than 32 levels with 400 before parsing it, and counts no bracket inside a string', async () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000)
    const r = await call(t.app, 'POST', '/api/auth/send-magic-link', undefined, {
      raw: deep,
      headers: { 'content-type': 'application/json' },
    })
    expect(r).toMatchObject({ status: 400, json: { error: 'JSON body nested deeper than 32 levels' } })
    expect(jsonNestsDeeperThan(JSON.stringify({ a: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["' }), 32)).toBe(false)
    expect(jsonNestsDeeperThan(JSON.stringify({ a: '\\"[[[' }), 1)).toBe(false)
  })
})
