/**
 * Graceful drain of a real server (server/core/shutdown.ts): after SIGTERM it answers GET /api/ready with 503 and
 * closes each connection after its answer while it still accepts requests (SHUTDOWN_DRAIN_SECONDS), completes an
 * upload whose body was still streaming when the signal came, then refuses connections and exits 0.
 */
import { afterAll, beforeAll, expect, it } from 'bun:test'
import { paths } from '@contract/paths'
import { startServer, type TestServer } from '../../support/browser'
import { multipartBody } from '../../support/builders'
import { cookieSetBy, newSessionId } from '../../support/test-app'

const sameOrigin = { 'sec-fetch-site': 'same-origin', 'x-requested-with': 'fetch' }

let server: TestServer
beforeAll(async () => {
  server = await startServer({ SHUTDOWN_DRAIN_SECONDS: '2' })
})
afterAll(() => server?.stop())

it('reports not ready, closes connections after each answer and finishes an upload in flight before it exits 0', async () => {
  const session = await fetch(`${server.url}${paths.session()}`, {
    method: 'POST',
    headers: { ...sameOrigin, 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId: newSessionId() }),
  })
  expect(session.status).toBe(200)
  const user = (await session.json()) as { id: number }
  const cookie = cookieSetBy(session.headers.get('set-cookie'))
  expect((await fetch(`${server.url}${paths.ready()}`)).status).toBe(200)

  // The upload's body is streamed in two halves: the second goes out only after the signal and the ready check.
  const form = multipartBody(user.id, 'tabby-cat.png')
  const bytes = form.bytes
  let sendRest!: () => void
  const restMayGo = new Promise<void>((resolve) => (sendRest = resolve))
  let firstHalfSent!: () => void
  const firstHalfGone = new Promise<void>((resolve) => (firstHalfSent = resolve))
  const half = bytes.length >> 1
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(bytes.subarray(0, half))
      firstHalfSent()
      await restMayGo
      controller.enqueue(bytes.subarray(half))
      controller.close()
    },
  })
  const upload = fetch(`${server.url}${paths.mediaUpload()}`, {
    method: 'POST',
    headers: { ...sameOrigin, cookie, 'content-type': form.contentType },
    body,
  })
  await firstHalfGone

  server.proc.kill('SIGTERM')
  let ready: Response
  do ready = await fetch(`${server.url}${paths.ready()}`)
  while (ready.status === 200)
  expect(ready.status).toBe(503)
  expect(ready.headers.get('connection')).toBe('close')
  expect(await ready.json()).toEqual({
    status: 'not ready',
    checks: { database: 'server shutting down', storage: 'server shutting down' },
  })

  sendRest()
  const uploaded = await upload
  expect(uploaded.status).toBe(201)

  expect(await server.proc.exited).toBe(0)
  expect(
    await fetch(`${server.url}${paths.health()}`).then(
      () => 'answered',
      () => 'refused',
    ),
  ).toBe('refused')
})
