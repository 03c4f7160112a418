/**
 * The app's one onRequest hook, first of all hooks on every request, in this order: the request id and its
 * `X-Request-Id` header (./request-log.ts), the security headers of the path (./security-headers.ts), `Connection:
 * close` while the server drains before it stops (server/core/shutdown.ts), the refusal of a body that must not be
 * read (./body-limit.ts), the malformed-path 400 (./path-guard.ts) and the cross-site 403 (./cross-site-guard.ts).
 * One hook instead of one per check: Elysia runs each hook as a step of its own, and awaits each one that may answer
 * with a promise, on every request.
 */
import { Elysia } from 'elysia'
import type { Deps } from '../core/deps'
import { isDraining } from '../core/shutdown'
import { bodyCheck } from './body-limit'
import { crossSiteCheck } from './cross-site-guard'
import { rejectMalformedPath } from './path-guard'
import { startRequest } from './request-log'
import { securityHeadersByPath } from './security-headers'
import { pathOf } from './url-path'

/**
 * Plugin: the checks above as one onRequest hook; use it before any route. The checks after the body refusal run once
 * it passes, so a refused body is answered first. A request without a body is checked without a promise.
 */
export const requestStart = (deps: Deps) => {
  const securityHeaders = securityHeadersByPath(deps.config)
  const refuseBody = bodyCheck(deps)
  const checkCrossSite = crossSiteCheck(deps.config)
  const checkPathAndSite = (request: Request, path: string) => {
    rejectMalformedPath(path)
    checkCrossSite(request)
  }
  return new Elysia({ name: 'request-start' }).onRequest(({ request, set }) => {
    const headers = set.headers as Record<string, string | number>
    startRequest(request, headers)
    const path = pathOf(request.url)
    Object.assign(headers, securityHeaders(path))
    if (isDraining()) headers.connection = 'close'
    const refusal = refuseBody(request, headers)
    if (refusal) return refusal.then(() => checkPathAndSite(request, path))
    checkPathAndSite(request, path)
  })
}
