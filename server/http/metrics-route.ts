/**
 * GET /metrics (docs/operations.md > Metrics): the Prometheus text format of server/core/metrics.ts. On the main port it is
 * off (404) unless METRICS_TOKEN is set, and then answers only `Authorization: Bearer <METRICS_TOKEN>` (401
 * otherwise); METRICS_PORT serves it without a token on a second listener bound to 127.0.0.1 only.
 */
import { Elysia } from 'elysia'
import { timingSafeEqual } from 'node:crypto'
import type { Config } from '../config'
import { metricsText } from '../core/metrics'
import { HttpError, serverErrorAnswer } from './errors'

/** The path of the metrics, on both listeners. */
export const METRICS_PATH = '/metrics'

/** Whether header is `Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | null, token: string): boolean {
  const sent = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '')
  const wanted = Buffer.from(token)
  return sent.length === wanted.length && timingSafeEqual(sent, wanted)
}

const answer = async () => {
  const { body, contentType } = await metricsText()
  return new Response(body, { headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store' } })
}

/** Routes: GET /metrics, 404 without config.metricsToken, 401 without its Bearer header. */
export const metricsRoutes = (config: Pick<Config, 'metricsToken'>) =>
  new Elysia({ name: 'metrics' }).get(
    METRICS_PATH,
    ({ request }) => {
      if (!config.metricsToken) throw new HttpError(404, 'Not found')
      if (!bearerMatches(request.headers.get('authorization'), config.metricsToken))
        throw new HttpError(401, 'Metrics need their bearer token', undefined, undefined, { 'WWW-Authenticate': 'Bearer' })
      return answer()
    },
    { detail: { hide: true } },
  )

/** Serves GET /metrics (no token) on 127.0.0.1:port, 404 for any other path; answers the server to stop. */
export function serveMetricsPort(port: number) {
  return Bun.serve({
    hostname: '127.0.0.1',
    port,
    error: serverErrorAnswer,
    fetch: (request) =>
      new URL(request.url).pathname === METRICS_PATH ? answer() : Response.json({ error: 'Not found' }, { status: 404 }),
  })
}
