/**
 * The one place that turns HTTP answers into values or errors (public-visitor §7 and §8, STYLE §5):
 * cookies always sent, JSON body only when one exists, any non-OK answer throws ApiError whose message is
 * `${status}: ${body || statusText}`.
 */
import { yieldToMain } from './when-idle'

/**
 * A non-OK answer. status: HTTP status; body: raw text; json: the parsed body when it is JSON; statusText: the reason
 * phrase; retryAfter: the Retry-After header as sent (seconds or an HTTP date), or null.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly json: unknown,
    readonly statusText: string,
    readonly retryAfter: string | null = null,
  ) {
    super(`${status}: ${body || statusText}`)
  }

  /** The server's human message ({error}) when there is one. */
  get serverMessage(): string | undefined {
    const error = (this.json as { error?: unknown } | undefined)?.error
    return typeof error === 'string' ? error : undefined
  }
}

/** A response body's JSON value, or undefined when the body is empty or not JSON (never throws). */
export function parseJsonBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined
  } catch {
    return undefined
  }
}

/**
 * Options of apiFetch: json is sent as the body; on401 'null' answers null instead of throwing; as 'blob' answers an OK
 * body as a Blob (a file download); onHeaders gets an OK answer's headers (X-Total-Count and X-Next-Cursor of a paged list).
 */
export type ApiFetchOptions = Omit<RequestInit, 'body'> & {
  json?: unknown
  body?: BodyInit
  idempotencyKey?: string
  on401?: 'throw' | 'null'
  as?: 'json' | 'blob'
  onHeaders?: (headers: Headers) => void
}

/**
 * Fetches path and parses its JSON (undefined for 204), or answers its Blob with as 'blob'. The request is sent in a
 * task of its own (yieldToMain): the queries a render mounts start their requests from one task of React's effects,
 * and sending each request there would make that one long task. Throws ApiError for a non-OK answer, TypeError when
 * offline.
 */
export async function apiFetch<T>(path: string, opts: ApiFetchOptions = {}): Promise<T> {
  const { json, idempotencyKey, on401 = 'throw', as = 'json', headers, onHeaders, ...init } = opts
  await yieldToMain()
  const allHeaders = new Headers(headers)
  if (json !== undefined) allHeaders.set('Content-Type', 'application/json')
  if (idempotencyKey) allHeaders.set('Idempotency-Key', idempotencyKey)
  const res = await fetch(path, {
    credentials: 'include',
    ...init,
    headers: allHeaders,
    body: json !== undefined ? JSON.stringify(json) : init.body,
  })
  if (res.status === 401 && on401 === 'null') return null as T
  if (res.ok) onHeaders?.(res.headers)
  if (res.ok && as === 'blob') return (await res.blob()) as T
  const text = await res.text()
  const parsed = parseJsonBody(text)
  if (!res.ok) throw new ApiError(res.status, text, parsed, res.statusText, res.headers.get('Retry-After'))
  return parsed as T
}
