/**
 * The CLI's admin client: every call sends HTTP Basic credentials. A non-OK answer becomes an
 * HttpFailure printed by the client's rule (STYLE §5), `<status>: <server's error text>`, exit 1; a 401
 * adds which options hold the credentials. A network failure is a CliError printed as `error: ...` (exit 1).
 */
import { collectPages, NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER, type PageRequest } from '@contract/admin/paging'

/** Connection settings from the global options. */
export type Connection = { url: string; user: string; password: string }

/** A failure to report: message for people, exit code (1 server or network, 2 usage). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message)
  }
}

/** A non-OK answer: status, and the message `<status>: <server's error text>` (the body's `error`, else its text, else the reason phrase). */
export class HttpFailure extends CliError {
  constructor(
    readonly status: number,
    serverText: string,
  ) {
    super(
      `${status}: ${serverText}${status === 401 ? ' (check --user and --password, or HOTVOTE_ADMIN_USER / HOTVOTE_ADMIN_PASSWORD)' : ''}`,
    )
  }
}

/** The server's error text of a failed answer: the JSON body's `error`, else the raw body, else statusText. */
export function serverTextOf(body: string, statusText: string): string {
  try {
    const error = (JSON.parse(body) as { error?: unknown }).error
    if (typeof error === 'string') return error
  } catch {
    // not JSON: the raw text
  }
  return body || statusText
}

/** The Authorization header of conn's admin credentials (HTTP Basic). */
export const basicAuthorization = (conn: Connection) => `Basic ${Buffer.from(`${conn.user}:${conn.password}`).toString('base64')}`

/** Sends one admin call (body: JSON, or FormData sent as multipart) and answers the Response (OK only). Throws CliError for network failures, HttpFailure for non-OK answers. */
export async function adminFetch(conn: Connection, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { authorization: basicAuthorization(conn) }
  const multipart = body instanceof FormData
  if (body !== undefined && !multipart) headers['content-type'] = 'application/json'
  let res: Response
  try {
    res = await fetch(new URL(path, conn.url), {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    })
  } catch (e) {
    throw new CliError(`cannot reach the server at ${conn.url} (${(e as Error).message})`)
  }
  if (res.ok) return res
  throw new HttpFailure(res.status, serverTextOf(await res.text(), res.statusText))
}

/** An admin call answering JSON. */
export const adminJson = async <T>(conn: Connection, method: string, path: string, body?: unknown): Promise<T> =>
  (await adminFetch(conn, method, path, body)).json() as Promise<T>

/**
 * Every row of a paged admin list (contract/admin/paging): calls pathOf for each page, each after the cursor the page
 * before answered in X-Next-Cursor, and reads its rows with rowsOf and the list's size from X-Total-Count; a row added
 * or removed meanwhile never repeats or hides another. Throws like adminFetch.
 */
export async function adminAllPages<A, T>(
  conn: Connection,
  pathOf: (page: PageRequest) => string,
  rowsOf: (answer: A) => T[],
): Promise<T[]> {
  const { items } = await collectPages(async (page) => {
    const res = await adminFetch(conn, 'GET', pathOf(page))
    return {
      items: rowsOf((await res.json()) as A),
      total: Number(res.headers.get(TOTAL_COUNT_HEADER)),
      next: res.headers.get(NEXT_CURSOR_HEADER) ?? undefined,
    }
  })
  return items
}
