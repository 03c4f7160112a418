/**
 * Request ids, the request log line and the HTTP metrics (docs/operations.md > Logs): every request gets an id (a
 * well-formed incoming X-Request-Id, else a new UUID), sent back as `X-Request-Id` and put in every JSON error answer
 * as `requestId`; once answered, one log line (requestId, route pattern, method, status, ms) is written and the
 * request is counted under its route pattern, never its raw path.
 */
import { Elysia, StatusMap } from 'elysia'
import { logger } from '../core/log'
import { recordRequest, UNMATCHED_ROUTE } from '../core/metrics'

/** The header carrying the request id, both ways. */
export const REQUEST_ID_HEADER = 'X-Request-Id'

/** An incoming id kept as it is: 1 to 128 letters, digits, `.`, `_`, `:` or `-` (a UUID, a proxy's id). */
const WELL_FORMED_ID = /^[\w.:-]{1,128}$/

type Observed = { id: string; startedAt: number; status?: number }
const observed = new WeakMap<Request, Observed>()

/** The request id of request, assigned on first use (from a well-formed X-Request-Id header, else a new UUID). */
export function requestIdOf(request: Request): string {
  let o = observed.get(request)
  if (!o) {
    const incoming = request.headers.get(REQUEST_ID_HEADER)
    o = { id: incoming && WELL_FORMED_ID.test(incoming) ? incoming : crypto.randomUUID(), startedAt: performance.now() }
    observed.set(request, o)
  }
  return o.id
}

/** Notes that the error mapper answered request with response (its status is the one logged), and returns response. */
export function answeredWith(request: Request, response: Response): Response {
  const o = observed.get(request)
  if (o) o.status = response.status
  return response
}

const statusOf = (status: number | string | undefined) =>
  typeof status === 'number' ? status : (StatusMap[status as keyof typeof StatusMap] ?? 200)

/** Plugin: assigns the request id and sets the header first of all hooks, then logs and counts each answered request. */
export const requestLog = () =>
  new Elysia({ name: 'request-log' })
    .onRequest(({ request, set }) => {
      set.headers[REQUEST_ID_HEADER] = requestIdOf(request)
    })
    .onAfterResponse({ as: 'global' }, ({ request, route, set, responseValue }) => {
      const o = observed.get(request)
      if (!o) return
      const status = o.status ?? (responseValue instanceof Response ? responseValue.status : statusOf(set.status))
      const ms = performance.now() - o.startedAt
      const pattern = route || UNMATCHED_ROUTE
      recordRequest(pattern, request.method, status, ms / 1000)
      logger.info({ requestId: o.id, route: pattern, method: request.method, status, ms: Math.round(ms * 10) / 10 }, 'request')
    })
