/**
 * HttpError and the one error mapper (STYLE §5): every error answer is JSON {error, issues?, requestId}, never a
 * stack trace; requestId is the id of the request's log line (server/http/request-log.ts).
 */
import { logger } from '../core/log'

/** One field problem of a 400: path is the dotted field name. */
export type Issue = { path: string; message: string }

/** An HTTP failure the client may see. status: 4xx/5xx; message: shown in the toast; issues: field errors (400 only); extra: more JSON fields (e.g. code); headers: response headers (e.g. WWW-Authenticate). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: Issue[],
    readonly extra?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

/** Returns row, or throws HttpError(404, `${what} not found`) when it is undefined. */
export function mustFind<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw new HttpError(404, `${what} not found`)
  return row
}

type ValibotPathItem = { key?: unknown }
type ValidationLike = { valueError?: { message?: string; path?: ValibotPathItem[] }; type?: string }

/** JSON answer with status; the only place that builds error responses. */
export function errorResponse(status: number, body: Record<string, unknown>, headers?: Record<string, string>): Response {
  return Response.json(body, { status, headers })
}

/**
 * Bun.serve's `error` handler (main.ts's listeners): an error that escaped the app's own error mapping (mapError), e.g.
 * one thrown by an error hook itself, is logged through logger (redacted, one JSON line) instead of Bun's printing it
 * raw on stderr, and answered 500 `{error}` as mapError answers an internal error.
 */
export function serverErrorAnswer(error: Error): Response {
  logger.error({ err: error }, 'internal error outside the app')
  return errorResponse(500, { error: 'Internal error' })
}

/** The 507 message when the disk (temp folder, bucket or database) is full. */
export const DISK_FULL = 'The server is out of disk space; try again later'

/** The 401 message of a call whose sid cookie names no session (or whose user was deleted meanwhile). */
export const NO_SESSION = 'No session: reload the page to start one'

/** The answer of a request whose database call could not reach the database. */
export const DATABASE_UNAVAILABLE = 'The database is not answering; try again shortly'

/** The answer of a request whose bucket call could not reach the bucket (S3 or compatible). */
export const STORAGE_UNAVAILABLE = 'The media storage is not answering; try again shortly'

/**
 * Seconds a client is told to wait (Retry-After) before it sends again a request refused because the database or the
 * bucket does not answer: short, since a restart or failover of either takes seconds.
 */
export const OUTAGE_RETRY_AFTER_SECONDS = 2

/** The driver's error under drizzle's wrapper (drizzle puts the failed statement's error in cause). */
const driverError = (error: unknown) => {
  const cause = (error as { cause?: unknown } | null)?.cause
  return (cause && typeof cause === 'object' ? cause : error) as { code?: unknown; errno?: unknown } | null
}

/** True for a write that failed because the disk is full: node's ENOSPC, SQLite's SQLITE_FULL, PostgreSQL's 53100 (disk_full). */
const isDiskFull = (error: unknown) =>
  ['ENOSPC', 'SQLITE_FULL'].includes(String(driverError(error)?.code)) || String(driverError(error)?.errno) === '53100'

/**
 * True when PostgreSQL could not be reached or dropped the connection: Bun SQL's connection errors
 * (ERR_POSTGRES_CONNECTION_*), SQLSTATE class 08 (connection exception), 57P01-57P03 (the server shut the session
 * down or is starting) and 55000 for a database not accepting connections.
 */
const isDatabaseUnavailable = (error: unknown) => {
  const e = driverError(error)
  return String(e?.code).startsWith('ERR_POSTGRES_CONNECTION') || /^(08...|57P0[123]|55000)$/.test(String(e?.errno))
}

/** Network errors of a connection to the bucket that could not be made or broke (node's codes, as the S3 SDK throws them). */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * True when the bucket could not be reached or answered that it is unavailable: an S3 SDK error (it carries $metadata)
 * with a network error code, the SDK's TimeoutError, or an HTTP 5xx from the store (S3's 500 InternalError, 503
 * SlowDown). The S3 SDK has already retried such a call (3 attempts) before it throws.
 */
const isStorageUnavailable = (error: unknown) => {
  const e = error as { $metadata?: { httpStatusCode?: number }; code?: unknown; name?: unknown } | null
  if (!e || typeof e !== 'object' || !('$metadata' in e)) return false
  return NETWORK_ERROR_CODES.has(String(e.code)) || e.name === 'TimeoutError' || (e.$metadata?.httpStatusCode ?? 0) >= 500
}

/**
 * Maps any error thrown while handling a request to its JSON answer (STYLE §5):
 * HttpError -> its status; VALIDATION of a request -> 400 with issues, of an answer (response schema) -> logged, 500;
 * PARSE -> 400 'Malformed JSON body';
 * NOT_FOUND -> 404; a full disk (ENOSPC, SQLITE_FULL, PostgreSQL 53100) -> logged, 507; a database or a bucket that
 * cannot be reached -> logged, 503 with Retry-After (OUTAGE_RETRY_AFTER_SECONDS); anything else -> logged, 500 'Internal error'.
 */
export function mapError(code: string | number, error: unknown, requestId: string): Response {
  if (error instanceof HttpError) {
    return errorResponse(
      error.status,
      { error: error.message, ...(error.issues ? { issues: error.issues } : {}), ...error.extra, requestId },
      error.headers,
    )
  }
  // An answer that fails its route's response schema is our bug, not the caller's: logged, 500.
  if (code === 'VALIDATION' && (error as ValidationLike).type === 'response') {
    const e = error as ValidationLike
    logger.error(
      { requestId, at: (e.valueError?.path ?? []).map((p) => String(p.key)).join('.') || 'root', problem: e.valueError?.message ?? '' },
      'answer does not match its response schema',
    )
    return errorResponse(500, { error: 'Internal error', requestId })
  }
  if (code === 'VALIDATION') {
    const e = error as ValidationLike
    const path = (e.valueError?.path ?? []).map((p) => String(p.key)).join('.') || e.type || 'input'
    const message = e.valueError?.message ?? 'Invalid input'
    // A shared rule ('must be …', e.g. ID_RULE) does not know its field, so the answer names it.
    const text = /^Invalid (type|key)/.test(message) ? `${path}: ${message}` : message.startsWith('must ') ? `${path} ${message}` : message
    return errorResponse(400, { error: text, issues: [{ path, message }], requestId })
  }
  // A parse hook's own HttpError (e.g. 413 from the body limit) arrives wrapped in Elysia's ParseError.
  if (code === 'PARSE' && (error as { cause?: unknown }).cause instanceof HttpError)
    return mapError('', (error as { cause: HttpError }).cause, requestId)
  if (code === 'PARSE') return errorResponse(400, { error: 'Malformed JSON body', requestId })
  if (code === 'NOT_FOUND') return errorResponse(404, { error: 'Not found', requestId })
  if (isDiskFull(error)) {
    logger.error({ requestId, problem: (error as Error).message }, 'disk full')
    return errorResponse(507, { error: DISK_FULL, requestId })
  }
  if (isDatabaseUnavailable(error)) {
    logger.error({ requestId, problem: (error as Error).message }, 'database unavailable')
    return errorResponse(503, { error: DATABASE_UNAVAILABLE, requestId }, { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) })
  }
  if (isStorageUnavailable(error)) {
    logger.error({ requestId, problem: (error as Error).message }, 'storage unavailable')
    return errorResponse(503, { error: STORAGE_UNAVAILABLE, requestId }, { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) })
  }
  logger.error({ requestId, err: error }, 'internal error')
  return errorResponse(500, { error: 'Internal error', requestId })
}
