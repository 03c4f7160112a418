/**
 * Request ids, the request log line and the HTTP metrics (docs/operations.md > Logs): every request gets an id (a
 * well-formed incoming X-Request-Id, else a new UUID), sent back as `X-Request-Id` and put in every JSON error answer
 * as `requestId`; once answered, the request is counted under its route pattern, never its raw path, and gets one log
 * line (requestId, route pattern, method, status, ms): every request with LOG_REQUESTS=all, and with
 * LOG_REQUESTS=sampled every answer that is not 2xx, every slow one and a random share of the rest.
 */
import { Elysia } from 'elysia'
import { logRequestLine } from '../core/log'
import type { MaybePromise } from '../core/maybe-promise'
import { recordRequest, UNMATCHED_ROUTE } from '../core/metrics'
import type { Config } from '../config'

/** The header carrying the request id, both ways. */
export const REQUEST_ID_HEADER = 'X-Request-Id'

/** REQUEST_ID_HEADER as Headers stores it: a lower-case name is read without folding it first. */
const REQUEST_ID_HEADER_LOWER = REQUEST_ID_HEADER.toLowerCase()

/** An incoming id kept as it is: 1 to 128 letters, digits, `.`, `_`, `:` or `-` (a UUID, a proxy's id). */
const WELL_FORMED_ID = /^[\w.:-]{1,128}$/

/** What the request log keeps of one request: its id, when it was read (performance.now()), its route pattern once matched. */
type Observed = { id: string; startedAt: number; route?: string; status?: number }

/** The key of a request's Observed, kept on the Request itself: a property costs less than a WeakMap entry. */
const OBSERVED = Symbol('request-log')
type ObservedRequest = Request & { [OBSERVED]?: Observed }

/** The request id of request, assigned on first use (from a well-formed X-Request-Id header, else a new UUID). */
export function requestIdOf(request: Request): string {
  const r = request as ObservedRequest
  let o = r[OBSERVED]
  if (!o) {
    const incoming = request.headers.get(REQUEST_ID_HEADER_LOWER)
    o = { id: incoming && WELL_FORMED_ID.test(incoming) ? incoming : crypto.randomUUID(), startedAt: performance.now() }
    r[OBSERVED] = o
  }
  return o.id
}

/** Notes that the error mapper answered request with response (its status is the one logged), and returns response. */
export function answeredWith(request: Request, response: Response): Response {
  const o = (request as ObservedRequest)[OBSERVED]
  if (o) o.status = response.status
  return response
}

/** Answers that took at least this long, ms, always get their log line. */
export const SLOW_REQUEST_MS = 1000

/**
 * Whether an answer with status that took ms gets its log line when sampleRate (0 to 1) of the fast 2xx answers do:
 * every answer that is not 2xx and every slow one (SLOW_REQUEST_MS) does; a fast 2xx one with probability sampleRate.
 */
export const logsRequest = (sampleRate: number, status: number, ms: number): boolean =>
  sampleRate >= 1 || status < 200 || status > 299 || ms >= SLOW_REQUEST_MS || Math.random() < sampleRate

/** Counts request's answer (status) under its route pattern and writes its line if logsRequest picks it. */
function recordAnswer(request: Request, status: number, sampleRate: number) {
  const o = (request as ObservedRequest)[OBSERVED]
  if (!o) return
  const ms = performance.now() - o.startedAt
  const route = o.route ?? UNMATCHED_ROUTE
  recordRequest(route, request.method, o.status ?? status, ms / 1000)
  if (logsRequest(sampleRate, o.status ?? status, ms))
    logRequestLine({ requestId: o.id, route, method: request.method, status: o.status ?? status, ms: Math.round(ms * 10) / 10 })
}

/** Assigns request's id (requestIdOf) and names it in the answer's headers: the first step of the app's onRequest hook. */
export function startRequest(request: Request, headers: Record<string, string | number>): void {
  headers[REQUEST_ID_HEADER] = requestIdOf(request)
}

/** The key of a handler's wrapped handler, kept on the handler function itself. */
const WRAPPED = Symbol('request-log wrapped')
type Handler = ((request: Request) => MaybePromise<Response>) & { [WRAPPED]?: (request: Request) => MaybePromise<Response> }

/**
 * Plugin: notes the route pattern once matched, and wraps every handler so that, once it hands its Response back, the
 * request is counted and logged (logsRequest at config's requestLogSampleRate), outside Elysia's per-request
 * after-response hook. The request id is assigned before (startRequest, in the app's onRequest hook).
 */
export const requestLog = (config: Pick<Config, 'requestLogSampleRate'>) => {
  const rate = config.requestLogSampleRate
  const after = (request: Request, response: Response) => {
    recordAnswer(request, response.status, rate)
    return response
  }
  const wrap = (handler: Handler) => (request: Request) => {
    const answer = handler(request)
    return answer instanceof Promise ? answer.then((response) => after(request, response)) : after(request, answer)
  }
  return (
    new Elysia({ name: 'request-log' })
      .onTransform({ as: 'global' }, ({ request, route }) => {
        const o = (request as ObservedRequest)[OBSERVED]
        if (o) o.route = route
      })
      // Elysia calls a wrap with each route's handler on every request: the wrapped handler is made once per handler.
      .wrap((handler) => {
        const handle = handler as unknown as Handler
        handle[WRAPPED] ??= wrap(handle)
        return handle[WRAPPED] as never
      })
  )
}
