/**
 * Cross-site request refusal (OWASP CSRF cheat sheet, "Fetch Metadata" and "Verifying origin
 * with standard headers"): a call that changes state (POST, PUT, PATCH, DELETE) is refused with 403 JSON when a
 * browser says it comes from another site. The rules, in order:
 * - `Sec-Fetch-Site` present (every current browser sends it): only `same-origin` and `none` (a request the user
 *   typed) pass; `same-site` is refused too, since a sibling subdomain is another site that must not vote or
 *   change an account for the visitor;
 * - else `Origin` present: it must be this server's origin as the request names it, or PUBLIC_URL's origin
 *   (what the browser sees behind a reverse proxy); anything else, `null` included, is refused;
 * - else (no browser metadata: the CLI, curl, scripts): allowed when the request carries no Cookie header or
 *   authenticates with HTTP Basic (the admin API), refused when it carries a cookie, since a cookie is the one
 *   credential a browser adds to a request on its own.
 */
import type { Config } from '../config'
import { HttpError } from './errors'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The answer's message for a refused request. */
export const CROSS_SITE_MESSAGE = 'Cross-site request refused'

/**
 * Whether origin is the origin of the absolute URL url. Most requests name it exactly as the URL starts, which is
 * checked without parsing (this runs on every state-changing call); anything else is compared parsed.
 */
function sameOrigin(origin: string, url: string): boolean {
  return (url.startsWith(origin) && url[origin.length] === '/') || origin === new URL(url).origin
}

/** Whether request may change state by the rules above; publicOrigin is the origin of PUBLIC_URL. */
export function isAllowedCrossSite(request: Request, publicOrigin: string): boolean {
  if (!STATE_CHANGING.has(request.method)) return true
  const headers = request.headers
  const site = headers.get('sec-fetch-site')
  if (site) return site === 'same-origin' || site === 'none'
  const origin = headers.get('origin')
  if (origin) return origin === publicOrigin || sameOrigin(origin, request.url)
  return !headers.has('cookie') || /^Basic\s/i.test(headers.get('authorization') ?? '')
}

/** The cross-site check of the app's onRequest hook: throws HttpError 403 `Cross-site request refused` for a request isAllowedCrossSite refuses. */
export function crossSiteCheck(config: Config): (request: Request) => void {
  const publicOrigin = new URL(config.publicUrl).origin
  return (request) => {
    if (!isAllowedCrossSite(request, publicOrigin)) throw new HttpError(403, CROSS_SITE_MESSAGE)
  }
}
