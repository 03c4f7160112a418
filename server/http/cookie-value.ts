/**
 * Reading one cookie from the Cookie header (issue #12). Hooks that read a cookie from Elysia's `cookie` context make
 * Elysia build a cookie jar (parse every cookie, a Proxy, an await) for every route of the app, since it infers the
 * context a hook uses app-wide; the session macro and the admin guard read their one cookie through here instead.
 */

/** A cookie value percent-decoded as the `cookie` package (Elysia's parser) decodes it; left as sent when it does not decode. */
function decode(value: string): string {
  if (!value.includes('%')) return value
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/**
 * The value of the cookie `name` in a Cookie header (`a=1; b=2`), or undefined when the header is missing or has no
 * such cookie. The first occurrence wins, names and values are trimmed, values percent-decoded (RFC 6265 §5.4).
 */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (let start = 0; start < header.length; ) {
    let end = header.indexOf(';', start)
    if (end < 0) end = header.length
    const eq = header.indexOf('=', start)
    if (eq > start && eq < end && header.slice(start, eq).trim() === name) return decode(header.slice(eq + 1, end).trim())
    start = end + 1
  }
  return undefined
}
