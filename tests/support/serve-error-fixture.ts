/**
 * An error that escapes an app's error hook, for tests/crash-logs.test.ts: a route throws, the app's onError throws
 * in turn (its message holds CRASH_SECRET), and Bun.serve's error handler is serverErrorAnswer, as in server/main.ts.
 * Asks the route once and writes the answer as a JSON line `{"answer": {status, body}}` to stdout, then exits.
 */
import { Elysia } from 'elysia'
import { serverErrorAnswer } from '@server/http/errors'

const app = new Elysia()
  .onError(() => {
    throw new Error(`error hook failed: ${process.env.CRASH_SECRET}`)
  })
  .get('/', () => {
    throw new Error('route failed')
  })
  .listen({ port: 0, hostname: '127.0.0.1', error: serverErrorAnswer })
const response = await fetch(`http://127.0.0.1:${app.server!.port}/`)
process.stdout.write(`${JSON.stringify({ answer: { status: response.status, body: await response.json() } })}\n`)
await app.stop(true)
