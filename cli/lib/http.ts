/**
 * The CLI's admin client (issue #6): every call sends HTTP Basic credentials. A network failure or a non-OK answer
 * becomes a CliError whose message is printed as `error: ...` (exit 1); a 401 says to check the credentials.
 */

/** Connection settings from the global options. */
export type Connection = { url: string; user: string; password: string }

/** A failure to report: message for people, exit code (1 server or network, 2 usage). */
export class CliError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message)
  }
}

/** Sends one admin call (body: JSON, or FormData sent as multipart) and answers the Response (OK only). Throws CliError for network failures and non-OK answers. */
export async function adminFetch(conn: Connection, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Basic ${Buffer.from(`${conn.user}:${conn.password}`).toString('base64')}` }
  const multipart = body instanceof FormData
  if (body !== undefined && !multipart) headers['content-type'] = 'application/json'
  let res: Response
  try {
    res = await fetch(new URL(path, conn.url), { method, headers, body: body === undefined ? undefined : multipart ? body : JSON.stringify(body) })
  } catch (e) {
    throw new CliError(`cannot reach the server at ${conn.url} (${(e as Error).message})`)
  }
  if (res.ok) return res
  const text = await res.text()
  let message = text || res.statusText
  try {
    message = (JSON.parse(text) as { error?: string }).error ?? message
  } catch {
    // not JSON: keep the text
  }
  if (res.status === 401) throw new CliError(`authentication failed (401): check --user and --password (or HOTVOTE_ADMIN_USER / HOTVOTE_ADMIN_PASSWORD)`)
  throw new CliError(`${message} (HTTP ${res.status})`)
}

/** An admin call answering JSON. */
export const adminJson = async <T>(conn: Connection, method: string, path: string, body?: unknown): Promise<T> => (await adminFetch(conn, method, path, body)).json() as Promise<T>
