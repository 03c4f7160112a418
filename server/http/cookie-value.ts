/**
 * Reading one cookie from the Cookie header. Hooks that read a cookie from Elysia's `cookie` context make
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

/** Name, Secure flag and path of a cookie the server sets. */
export type SiteCookie = { name: string; secure: boolean; path: string }

/**
 * The name, Secure flag and path of the cookie `base` on the site of publicUrl (OWASP session management: cookie
 * name prefixes). Over https the name is `__Host-<base>`, which a browser keeps only when it is Secure, has Path=/
 * and no Domain, so neither a sibling subdomain nor a plain-http page can set or shadow it; over http (development,
 * localhost) the cookie keeps its plain name and httpPath. Every writer and reader of the session and admin cookies
 * takes the name from here.
 */
export function siteCookie(publicUrl: string, base: string, httpPath = '/'): SiteCookie {
  return publicUrl.startsWith('https:')
    ? { name: `__Host-${base}`, secure: true, path: '/' }
    : { name: base, secure: false, path: httpPath }
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
