/**
 * Response-schema conformance, one helper for every API test: finds the route an app answers a request
 * with and the valibot schema the route declares for the answer's status, and checks a JSON answer against it.
 * call() runs it on every answer, so an answer that drifts from its declared shape fails the test that saw it.
 */
import * as v from 'valibot'

type RouteLike = { method: string; path: string; hooks?: { response?: unknown } }
type AppWithRoutes = { routes: RouteLike[] }

const hasRoutes = (app: unknown): app is AppWithRoutes => Array.isArray((app as { routes?: unknown })?.routes)
const isSchema = (s: unknown): s is v.GenericSchema => typeof s === 'object' && s !== null && '~standard' in s && 'kind' in s

/** The route pattern as a regular expression: `:name` is one segment, `*` the rest. */
const patternOf = (path: string) =>
  new RegExp(
    `^${path
      .replace(/\/$/, '')
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:[^/]+/g, '[^/]+')
      .replace(/\*/g, '.*')}/?$`,
  )
/** How general a route is: static routes win over parameters, parameters over a wildcard. */
const generality = (path: string) => (path.match(/:/g)?.length ?? 0) + (path.includes('*') ? 100 : 0)

/** The route of app that answers method path (query ignored), the most specific one when several match. */
export function routeOf(app: unknown, method: string, path: string): RouteLike | undefined {
  if (!hasRoutes(app)) return undefined
  const bare = path.split('?')[0]
  return app.routes
    .filter((r) => (r.method === method || r.method === 'ALL') && patternOf(r.path).test(bare))
    .sort((a, b) => generality(a.path) - generality(b.path))[0]
}

/** The schema the route declares for status, or undefined when it declares none (files, 204, errors it does not list). */
export function declaredResponseSchema(app: unknown, method: string, path: string, status: number): v.GenericSchema | undefined {
  const response = routeOf(app, method, path)?.hooks?.response
  if (isSchema(response)) return status === 200 ? response : undefined
  const schema = (response as Record<string, unknown> | undefined)?.[status]
  return isSchema(schema) ? schema : undefined
}

/**
 * Checks a JSON answer against its route's declared schema; answers the schema used (undefined when none is
 * declared). Throws an Error naming the route, status and first issue when the answer does not match.
 */
export function checkAnswer(app: unknown, method: string, path: string, status: number, json: unknown): v.GenericSchema | undefined {
  const schema = declaredResponseSchema(app, method, path, status)
  if (!schema) return undefined
  const result = v.safeParse(schema, json)
  if (!result.success)
    throw new Error(
      `${method} ${path} ${status}: the answer does not match its response schema: ${v.getDotPath(result.issues[0]) ?? 'root'}: ${result.issues[0].message}`,
    )
  return schema
}
