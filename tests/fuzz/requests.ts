/**
 * Request generation for the API fuzz suite: the operations of the OpenAPI document, one request
 * arbitrary per operation, and the rendering of a descriptor to a fetch Request or to raw HTTP/1.1 bytes.
 */
import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { FIXTURES_DIR } from '../support/builders'
import { hugeSampleCountMp4, manyFrameGif } from '../support/crafted-media'
import {
  authHeader,
  contentType,
  cookieHeader,
  extraHeaders,
  filePath,
  fromSchema,
  inRange,
  jsonBody,
  multipartBody,
  outOfRangeNumber,
  outOfRangeText,
  pathParam,
  queryString,
  render,
  type BodyDesc,
  type FuzzContext,
  type JsonSchema,
  type Crafted,
  type Multipart,
  type Operation,
  type RequestDesc,
  type Text,
} from './arbitraries'

type OpenApiOperation = {
  summary?: string
  parameters?: { in: string; name: string }[]
  requestBody?: { content: Record<string, { schema?: JsonSchema }> }
}

/**
 * Every operation of an OpenAPI document; upload routes are those whose summary says they take multipart. A JSON
 * body's schema comes from the document, else from bodySchemaOf(METHOD, path) (the route's own body schema).
 */
export function operationsOf(
  doc: { paths: Record<string, Record<string, OpenApiOperation>> },
  bodySchemaOf: (method: string, path: string) => JsonSchema | undefined = () => undefined,
): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: op.parameters ?? [],
      jsonSchema: op.requestBody?.content['application/json']?.schema ?? bodySchemaOf(method.toUpperCase(), path),
      upload: /multipart/i.test(op.summary ?? ''),
      admin: path.startsWith('/api/admin') || path.startsWith('/api/db-test'),
    })),
  )
}

const FIXTURE_BYTES = {
  webp: readFileSync(join(FIXTURES_DIR, 'yellow-daisy.webp')),
  png: readFileSync(join(FIXTURES_DIR, 'tabby-cat.png')),
}

/** The bytes of a part's content. */
function contentBytes(c: Text | { fixture: 'webp' | 'png'; bytes: number } | Crafted): string | Uint8Array {
  if (typeof c !== 'object' || 'big' in c) return render(c)
  if ('fixture' in c) return FIXTURE_BYTES[c.fixture].subarray(0, c.bytes)
  return c.crafted === 'mp4' ? hugeSampleCountMp4(c.sampleCount, c.sampleSize, c.withTrack) : manyFrameGif(c.frames)
}

/** The bytes of a multipart descriptor, cut where it says. */
export function renderMultipart(mp: Multipart): Uint8Array<ArrayBuffer> {
  const chunks: (string | Uint8Array)[] = [mp.preamble]
  for (const p of mp.parts) {
    chunks.push(`--${mp.bodyBoundary}\r\n`)
    for (const h of p.headers) chunks.push(typeof h === 'string' ? `${h}\r\n` : `X-Long: ${render(h)}\r\n`)
    chunks.push('\r\n')
    chunks.push(contentBytes(p.content), '\r\n')
  }
  if (mp.close) chunks.push(`--${mp.bodyBoundary}--\r\n`)
  const whole = Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c)))
  return mp.truncateAt === null ? whole : whole.subarray(0, Math.floor(whole.length * mp.truncateAt))
}

/** The body bytes and the content type it implies (multipart sets its own). */
export function renderBody(body: BodyDesc): { bytes?: Uint8Array<ArrayBuffer> | string; contentType?: string } {
  if (body.kind === 'none') return {}
  if (body.kind === 'text') return { bytes: render(body.text) }
  return {
    bytes: renderMultipart(body.mp),
    contentType: body.mp.headerBoundary === null ? 'multipart/form-data' : `multipart/form-data; boundary=${body.mp.headerBoundary}`,
  }
}

const bodyFor = (op: Operation, ctx: FuzzContext): fc.Arbitrary<BodyDesc> => {
  if (op.upload)
    return fc.oneof(
      { weight: 6, arbitrary: multipartBody(ctx).map((mp): BodyDesc => ({ kind: 'multipart', mp })) },
      { weight: 1, arbitrary: jsonBody(undefined).map((text): BodyDesc => ({ kind: 'text', text })) },
    )
  if (op.method === 'GET') return fc.constant({ kind: 'none' })
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<BodyDesc>({ kind: 'none' }) },
    { weight: 8, arbitrary: jsonBody(op.jsonSchema).map((text): BodyDesc => ({ kind: 'text', text })) },
  )
}

/** The path with each {param} (and the media-file wildcard) filled by a generated, already encoded value. */
const pathFor = (op: Operation, ctx: FuzzContext): fc.Arbitrary<string> => {
  const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
  const wildcard = op.path.endsWith('/*')
  return fc.tuple(fc.array(pathParam(ctx), { minLength: names.length, maxLength: names.length }), filePath(ctx)).map(([values, file]) => {
    let path = op.path
    names.forEach((n, i) => (path = path.replace(`{${n}}`, values[i])))
    return wildcard ? path.replace(/\*$/, file) : path
  })
}

/** Requests for one operation: path, query, cookie, content type, extra headers, admin credentials and body. */
export function requestFor(op: Operation, ctx: FuzzContext): fc.Arbitrary<RequestDesc> {
  const queryNames = op.params.filter((p) => p.in === 'query').map((p) => p.name)
  return fc
    .record({
      path: pathFor(op, ctx),
      query: fc.option(queryString(ctx, queryNames.length ? queryNames : ['q']), { nil: '' }),
      cookie: cookieHeader(ctx),
      contentType: fc.option(contentType, { nil: undefined, freq: 3 }),
      extra: extraHeaders,
      auth: op.admin ? authHeader(ctx) : fc.option(authHeader(ctx), { nil: undefined, freq: 1 }),
      body: bodyFor(op, ctx),
    })
    .map(({ path, query, cookie, contentType: ct, extra, auth, body }) => {
      const headers: [string, Text][] = [...extra]
      if (cookie !== undefined) headers.push(['cookie', cookie])
      if (auth !== undefined) headers.push(['authorization', auth])
      const type = renderBody(body).contentType ?? ct ?? (body.kind === 'text' ? 'application/json' : undefined)
      if (type) headers.push(['content-type', type])
      return { method: op.method, path, query, headers, body }
    })
}

/** Query parameters that carry a number: ids, id lists, page limits and offsets. */
const NUMERIC_QUERY = new Set(['userId', 'exclude', 'limit', 'offset'])
/** A path parameter that is an id: `id` (a user's under /api/users, else a media item's or a takedown's) or `userId`. */
const isIdParam = (name: string) => name === 'id' || name === 'userId'
/** The numeric schema of a body field (itself, or its numeric alternative when nullable), or undefined. */
const numericSchema = (s: JsonSchema): JsonSchema | undefined =>
  s.type === 'integer' || s.type === 'number' ? s : (s.anyOf ?? s.oneOf)?.map(numericSchema).find(Boolean)

/** A valid value for a path parameter of op: ctx's ids, the zone, an upload id of the right shape, a stored key. */
function validPathValue(op: Operation, name: string, ctx: FuzzContext): string {
  if (name === 'userId' || (name === 'id' && op.path.startsWith('/api/users/'))) return String(ctx.userIds[0])
  if (name === 'id') return String(ctx.mediaIds[0])
  return { zoneId: 'zone1', uploadId: '0'.repeat(32), username: 'someone' }[name] ?? 'x'
}

/**
 * Requests that put numbers out of their column's range into the numeric inputs of op (id path segments, numeric
 * query values, numeric JSON fields): as the first visitor with the admin's credentials, every other input valid
 * (ctx's ids for userId and mediaId), each numeric input in range or not, so one bad value often is the only one
 * and reaches as deep as a request can. Undefined for an operation without numeric inputs.
 */
export function numericProbeFor(op: Operation, ctx: FuzzContext): fc.Arbitrary<RequestDesc> | undefined {
  const pathNames = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
  const queryNames = op.params.filter((p) => p.in === 'query' && NUMERIC_QUERY.has(p.name)).map((p) => p.name)
  const fields = Object.entries(op.jsonSchema?.properties ?? {})
  if (!pathNames.some(isIdParam) && !queryNames.length && !fields.some(([, f]) => numericSchema(f))) return undefined
  const bad = outOfRangeText.map(encodeURIComponent)
  const path = fc
    .tuple(
      ...pathNames.map((n) =>
        isIdParam(n) ? fc.oneof(fc.constant(validPathValue(op, n, ctx)), bad) : fc.constant(validPathValue(op, n, ctx)),
      ),
    )
    .map((values) => pathNames.reduce((p, n, i) => p.replace(`{${n}}`, values[i]), op.path).replace(/\*$/, ctx.mediaKeys[0]))
  const validQuery = { userId: String(ctx.userIds[0]), exclude: String(ctx.mediaIds[0]), limit: '1', offset: '0' } as Record<string, string>
  const query = fc
    .tuple(...queryNames.map((n) => fc.oneof(fc.constant(validQuery[n]), bad)))
    .map((values) => queryNames.map((n, i) => `${n}=${values[i]}`).join('&'))
  const validField = (name: string, f: JsonSchema): fc.Arbitrary<unknown> =>
    name === 'userId' ? fc.constant(ctx.userIds[0]) : name === 'mediaId' ? fc.constant(ctx.mediaIds[0]) : inRange(f)
  const body = fc
    .record(
      Object.fromEntries(
        fields.map(([name, f]) => {
          const numeric = numericSchema(f)
          return [name, numeric ? fc.oneof(validField(name, numeric), outOfRangeNumber) : fromSchema(f)]
        }),
      ),
    )
    .map((b): BodyDesc => (op.method === 'GET' ? { kind: 'none' } : { kind: 'text', text: JSON.stringify(b) }))
  return fc.record({ path, query, body }).map(({ path, query, body }) => ({
    method: op.method,
    path,
    query,
    headers: [
      ['cookie', `sid=${ctx.sids[0]}`],
      ['authorization', ctx.adminAuth],
      ...(body.kind === 'text' ? [['content-type', 'application/json'] as [string, Text]] : []),
    ],
    body,
  }))
}

/** Header value safe for the Headers class (latin-1 printable; fetch refuses the rest before sending). */
const headerSafe = (s: string) => s.replace(/[^\x20-\x7e\x80-\xff]/g, '?')

/** A fetch Request for the descriptor against base (e.g. http://localhost). */
export function toRequest(d: RequestDesc, base: string): Request {
  const headers = new Headers()
  for (const [k, v] of d.headers) headers.append(k, headerSafe(render(v)))
  const { bytes } = renderBody(d.body)
  return new Request(`${base}${d.path}${d.query ? `?${d.query}` : ''}`, {
    method: d.method,
    headers,
    body: d.method === 'GET' ? undefined : bytes,
  })
}

/** Raw HTTP/1.1 bytes for the descriptor with a Content-Length of the whole body but only `sent` (fraction) of it written. */
export function toRawHttp(d: RequestDesc, host: string, sent: number): { head: string; body: Uint8Array; declared: number } {
  const { bytes } = renderBody(d.body)
  const body = typeof bytes === 'string' ? Buffer.from(bytes) : (bytes ?? new Uint8Array())
  const lines = [
    `${d.method} ${d.path}${d.query ? `?${d.query}` : ''} HTTP/1.1`,
    `host: ${host}`,
    ...d.headers.map(([k, v]) => `${k}: ${headerSafe(render(v))}`),
    `content-length: ${body.length}`,
    'connection: close',
  ]
  return { head: `${lines.join('\r\n')}\r\n\r\n`, body: body.subarray(0, Math.floor(body.length * sent)), declared: body.length }
}

/** A short printable form of a descriptor, for reports. */
export const describeRequest = (d: RequestDesc) =>
  `${d.method} ${d.path}${d.query ? `?${d.query.slice(0, 200)}` : ''} headers=${JSON.stringify(d.headers.map(([k, v]) => [k, typeof v === 'string' ? v.slice(0, 120) : `<${v.n} x ${JSON.stringify(v.big)}>`]))} body=${JSON.stringify(d.body).slice(0, 400)}`
