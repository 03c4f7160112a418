/**
 * fast-check arbitraries for the API fuzz suite: request descriptors built from the OpenAPI document.
 * A descriptor is small and printable (huge values are `{ big, n }` and rendered only when sent), so a failing
 * counterexample reads well and replays from its seed.
 */
import fc from 'fast-check'

/** A string of n copies of big, rendered at send time (keeps counterexamples short). */
export type Big = { big: string; n: number }
/** A piece of text: literal, or a Big. */
export type Text = string | Big
/** A crafted container (tests/support/crafted-media.ts): an MP4 whose stsz claims sampleCount samples, or a GIF of many 1 x 1 frames. */
export type Crafted = { crafted: 'mp4'; sampleCount: number; sampleSize: number; withTrack: boolean } | { crafted: 'gif'; frames: number }
/** One multipart part: raw header lines (a Big is rendered as a huge `X-Long` header) and the content (text, a fixture's first bytes, or a crafted container). */
export type Part = { headers: Text[]; content: Text | { fixture: 'webp' | 'png'; bytes: number } | Crafted }
/** A multipart body: parts with a boundary (the header's may differ from the body's), cut at `truncateAt` (fraction) or whole. */
export type Multipart = {
  headerBoundary: string | null
  bodyBoundary: string
  preamble: string
  parts: Part[]
  close: boolean
  truncateAt: number | null
}
/** The body of a request: none, a text (JSON or garbage), or multipart. */
export type BodyDesc = { kind: 'none' } | { kind: 'text'; text: Text } | { kind: 'multipart'; mp: Multipart }
/** One request: method, path (already encoded, may be malformed on purpose), query string, headers, body. */
export type RequestDesc = { method: string; path: string; query: string; headers: [string, Text][]; body: BodyDesc }

/** Values of the seeded database a generator may pick to reach deeper than a 404: ids, the visitor's sid, a media key. */
export type FuzzContext = { userIds: number[]; mediaIds: number[]; sids: string[]; mediaKeys: string[]; adminAuth: string }

/** An OpenAPI operation reduced to what the generators need. */
export type Operation = {
  method: string
  path: string
  params: { in: string; name: string }[]
  jsonSchema?: JsonSchema
  upload: boolean
  admin: boolean
}
/** The subset of JSON Schema the contract emits. */
export type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  format?: string
}

/** Renders a Text to a string. */
export const render = (t: Text): string => (typeof t === 'string' ? t : t.big.repeat(t.n))

const big = (max: number): fc.Arbitrary<Big> =>
  fc.record({ big: fc.constantFrom('a', 'é', '😀', '%', '{', '0'), n: fc.integer({ min: 1000, max: max }) })

/** Strings that break parsers: unicode, control characters, percent-encoding garbage, path tricks, SQL-ish text. */
export const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
    '%',
    '%E0%A4%A',
    '%zz',
    '%00',
    '..',
    '../../etc/passwd',
    "' OR 1=1 --",
    '\u0000',
    '\uFFFF',
    '\uD800',
    'a'.repeat(300),
  ),
)

/**
 * Numbers outside the range of the columns they name: past PostgreSQL's `integer` (2147483648 and up, 2^53 + 1,
 * 1e23, 1e308), negative, zero, fractional. Every id, limit, offset, threshold and multiplier meets them.
 */
export const outOfRangeNumber = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(2147483648, -2147483649, 4294967296, 2 ** 53, 1e23, 1e308, -1, 0, 1.5, -0.5) },
  { weight: 1, arbitrary: fc.integer({ min: 2147483648, max: Number.MAX_SAFE_INTEGER }) },
  { weight: 1, arbitrary: fc.double({ min: -1e30, max: 1e30, noNaN: true, noDefaultInfinity: true }) },
)

/** Out-of-range numbers as a path, query or form field writes them, and digit strings no number holds. */
export const outOfRangeText = fc.oneof(
  outOfRangeNumber.map(String),
  fc.constantFrom('1e23', '2147483648', '12abc', '99999999999999999999', '9'.repeat(400), '0x10', '+1', '01', '1.0'),
)

/** Path parameter values: valid ids from the context, numbers of every shape, unicode and malformed percent-encoding (already encoded for the URL). */
export const pathParam = (ctx: FuzzContext) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ctx.userIds, ...ctx.mediaIds).map(String) },
    { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt()).map(String).map(encodeURIComponent) },
    { weight: 2, arbitrary: outOfRangeText.map(encodeURIComponent) },
    {
      weight: 2,
      arbitrary: nastyString.map((s) => {
        try {
          return encodeURIComponent(s)
        } catch {
          return 'x'
        }
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%E0%A4%A',
        '%',
        '%zz',
        '%C0%AF',
        '%FF',
        '..%2F..%2Fetc',
        'a%2Fb',
        '%2e%2e',
        '99999999999999999999',
        'zone1',
      ),
    },
  )

/** A value for the wildcard media-file path: a real key, traversal attempts, garbage segments. */
export const filePath = (ctx: FuzzContext) =>
  fc.oneof(
    fc.constantFrom(
      ...ctx.mediaKeys,
      'media/2026/11/none.jpg',
      '../../etc/passwd',
      '..%2F..%2Fsecret',
      'media//x.png',
      '%E0%A4%A',
      'media/%00.png',
    ),
    fc.array(pathParam(ctx), { minLength: 1, maxLength: 5 }).map((s) => s.join('/')),
  )

const queryValue = (ctx: FuzzContext) =>
  fc.oneof(
    pathParam(ctx),
    fc.array(fc.integer({ min: -5, max: 1e6 }), { maxLength: 300 }).map((a) => a.join(',')),
    fc.array(fc.oneof(fc.constantFrom(...ctx.mediaIds).map(String), outOfRangeText), { maxLength: 20 }).map((a) => a.join(',')),
    fc.constantFrom('true', 'false', '2026-11-22', 'INACTIVE_USER_PURGE', ''),
  )

/** A raw query string from the declared names plus random keys, repeated keys and broken escapes. */
export const queryString = (ctx: FuzzContext, names: string[]) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...names, 'x', '__proto__', 'constructor', '%zz'), fc.string({ maxLength: 8 }).map(encodeURIComponent)),
        queryValue(ctx),
      ),
      { maxLength: 6 },
    )
    .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'))

/** A number in the range of an integer or number schema (its own limits, or -1000..100000). */
export const inRange = (s: JsonSchema): fc.Arbitrary<number> =>
  s.type === 'integer'
    ? fc.integer({ min: s.minimum ?? -1000, max: s.maximum ?? 100_000 })
    : fc.double({ min: s.minimum ?? -1000, max: s.maximum ?? 100_000, noNaN: true })

/** An arbitrary over a JSON Schema: valid values most of the time, with the schema's own limits. */
export function fromSchema(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 4) return fc.jsonValue({ maxDepth: 2 })
  if (s.const !== undefined) return fc.constant(s.const)
  if (s.enum) return fc.constantFrom(...s.enum)
  const alts = s.anyOf ?? s.oneOf
  if (alts) return fc.oneof(...alts.map((a) => fromSchema(a, depth + 1)))
  const type = Array.isArray(s.type) ? s.type : s.type ? [s.type] : []
  if (type.length > 1) return fc.oneof(...type.map((t) => fromSchema({ ...s, type: t }, depth + 1)))
  switch (type[0]) {
    case 'object': {
      const props = Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, p]) => [k, fromSchema(p, depth + 1)]))
      return fc.record(props, { requiredKeys: s.required ?? [] })
    }
    case 'array':
      return fc.array(fromSchema(s.items, depth + 1), { maxLength: 5 })
    // Numbers are in the schema's range most of the time, and out of it (outOfRangeNumber) otherwise.
    case 'integer':
    case 'number':
      return fc.oneof({ weight: 3, arbitrary: inRange({ ...s, type: type[0] }) }, outOfRangeNumber)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'string':
      if (s.format === 'email') return fc.emailAddress()
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 200) })
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

/** Replaces one field of a generated object by a value of another type. */
const wrongTypes = (valid: fc.Arbitrary<unknown>) =>
  fc.tuple(valid, fc.nat(), fc.oneof(fc.jsonValue({ maxDepth: 2 }), nastyString, outOfRangeNumber)).map(([v, i, w]) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return w
    const keys = Object.keys(v)
    return keys.length ? { ...v, [keys[i % keys.length]]: w } : w
  })

/** JSON bodies: schema-valid, wrong types, any JSON, broken JSON, deep nesting and huge strings. */
export const jsonBody = (schema: JsonSchema | undefined): fc.Arbitrary<Text> => {
  const valid = fromSchema(schema)
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 3, arbitrary: wrongTypes(valid).map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        nastyString,
        fc.constantFrom('{', '{"a":', '[1,2', '{"userId":1,}', '\u0000{}', 'undefined', '{"__proto__":{"x":1}}'),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 100, max: 20_000 })
        .chain((n) => fc.constantFrom<Text>({ big: '[', n }, { big: '{"a":', n }, `${'['.repeat(n)}${']'.repeat(n)}`)),
    },
    { weight: 1, arbitrary: big(300_000).map((b) => `{"text":"${render(b)}"}`) },
  )
}

const BOUNDARY = fc.constantFrom('xyz', '----WebKitFormBoundary7MA4YWxkTrZu0gW', 'a', 'x'.repeat(70), 'b o"u;n=d')

const disposition = fc.constantFrom(
  'Content-Disposition: form-data; name="file"; filename="a.png"',
  'Content-Disposition: form-data; name="file"; filename="a.webp"',
  'Content-Disposition: form-data; name="file"; filename="a.jpg"',
  'Content-Disposition: form-data; name="userId"',
  'Content-Disposition: form-data',
  'Content-Disposition: form-data; filename="noname.png"',
  'Content-Disposition: form-data; name=""',
  'Content-Disposition: attachment; name="file"',
  'Content-Disposition: form-data; name="file"; filename="../../../etc/passwd.png"',
  'Content-Disposition: form-data; name="file"; filename*=UTF-8\'\'%E0%A4%A.png',
)

const part = (ctx: FuzzContext): fc.Arbitrary<Part> =>
  fc.record({
    headers: fc.array(
      fc.oneof(
        { weight: 5, arbitrary: disposition },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            'Content-Type: image/png',
            'Content-Type: text/plain; charset=utf-8',
            'Content-Type:',
            'garbage line without colon',
          ),
        },
        { weight: 1, arbitrary: fc.record({ big: fc.constant('h'), n: fc.integer({ min: 1000, max: 100_000 }) }) },
      ),
      { maxLength: 3 },
    ),
    content: fc.oneof(
      fc.record({ fixture: fc.constantFrom<'webp' | 'png'>('webp', 'png'), bytes: fc.integer({ min: 0, max: 40_000 }) }),
      fc.constantFrom(...ctx.userIds).map(String),
      outOfRangeText,
      nastyString,
    ),
  })

/** The parts of a real upload by the first visitor (userId, then a photo), the shape that reaches the file writer. */
const realUpload = (ctx: FuzzContext): fc.Arbitrary<Part[]> =>
  fc.record({ fixture: fc.constantFrom<'webp' | 'png'>('webp', 'png'), bytes: fc.integer({ min: 8, max: 40_000 }) }).map((content) => [
    { headers: ['Content-Disposition: form-data; name="userId"'], content: String(ctx.userIds[0]) },
    {
      headers: [`Content-Disposition: form-data; name="file"; filename="a.${content.fixture}"`, `Content-Type: image/${content.fixture}`],
      content,
    },
  ])

/** Crafted containers that cost a careless parser more than their size: MP4 sample counts up to 2^32 - 1, GIFs over the frame cap. */
export const craftedContainer: fc.Arbitrary<Crafted> = fc.oneof(
  fc.record({
    crafted: fc.constant<'mp4'>('mp4'),
    sampleCount: fc.oneof(fc.integer({ min: 1_000_000, max: 0xffffffff }), fc.constant(0xffffffff)),
    sampleSize: fc.integer({ min: 1, max: 0xffffffff }),
    withTrack: fc.boolean(),
  }),
  fc.record({ crafted: fc.constant<'gif'>('gif'), frames: fc.integer({ min: 101, max: 5000 }) }),
)

/** The parts of an upload by the first visitor of a crafted container named for its type. */
export const craftedUpload = (userId: number): fc.Arbitrary<Part[]> =>
  craftedContainer.map((content) => [
    { headers: ['Content-Disposition: form-data; name="userId"'], content: String(userId) },
    {
      headers: [
        `Content-Disposition: form-data; name="file"; filename="a.${content.crafted}"`,
        `Content-Type: ${content.crafted === 'mp4' ? 'video/mp4' : 'image/gif'}`,
      ],
      content,
    },
  ])

/** Multipart bodies for the upload routes: well formed, crafted containers, truncated, wrong or missing boundary, huge part headers, many parts, parts without names. */
export const multipartBody = (ctx: FuzzContext): fc.Arbitrary<Multipart> =>
  fc
    .record({
      bodyBoundary: BOUNDARY,
      headerBoundary: fc.oneof(
        { weight: 5, arbitrary: fc.constant('same') },
        { weight: 1, arbitrary: BOUNDARY },
        { weight: 1, arbitrary: fc.constant(null) },
      ),
      preamble: fc.constantFrom('', 'preamble text\r\n', '\r\n'),
      parts: fc.oneof(
        { weight: 4, arbitrary: fc.array(part(ctx), { maxLength: 4 }) },
        { weight: 4, arbitrary: realUpload(ctx) },
        { weight: 2, arbitrary: craftedUpload(ctx.userIds[0]) },
        { weight: 1, arbitrary: fc.array(part(ctx), { minLength: 50, maxLength: 300 }) },
      ),
      close: fc.boolean(),
      truncateAt: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
    })
    .map((m) => ({ ...m, headerBoundary: m.headerBoundary === 'same' ? m.bodyBoundary : m.headerBoundary }))

/** Content types that are valid, odd, lying or missing. */
export const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=zz',
  'application/xml',
  'image/png',
  '*/*',
  'application/json, text/html',
  ';;;',
)

/** Cookie headers with sid values of all shapes (none, real, unknown, the import owner's, huge, broken syntax). */
export const cookieHeader = (ctx: FuzzContext) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ctx.sids).map((s) => `sid=${s}`) },
    { weight: 2, arbitrary: fc.constant(`sid=${ctx.sids[0]}`) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(fc.string({ maxLength: 64 }), fc.constantFrom('', '0'.repeat(32), 'system-import-owner', '"quoted"', '%E0%A4%A', 'a;b', '='))
        .map((s) => `sid=${s.replace(/[\r\n\0]/g, '')}`),
    },
    { weight: 1, arbitrary: fc.constantFrom('sid', '=;=;', 'sid=a; sid=b', ';;;sid=', `sid=${'z'.repeat(8000)}`) },
  )

/** Extra headers: huge values, odd names, Range garbage, forged addresses and keys. */
export const extraHeaders = fc.array(
  fc.oneof(
    fc.tuple(
      fc.constantFrom(
        'range',
        'accept',
        'origin',
        'sec-fetch-site',
        'x-forwarded-for',
        'idempotency-key',
        'x-requested-with',
        'if-none-match',
        'accept-encoding',
      ),
      nastyString.map((s) => s.replace(/[^\x20-\x7e]/g, '')),
    ),
    fc.tuple(
      fc.constantFrom('range'),
      fc.constantFrom('bytes=0-', 'bytes=-1', 'bytes=5-1', 'bytes=0-1,2-3', 'bytes=99999999999-', 'bytes=abc', 'items=0-1'),
    ),
    fc.tuple(
      fc.constantFrom('x-huge', 'user-agent', 'referer'),
      big(30_000).map((b): Text => ({ big: b.big.replace(/[^\x20-\x7e]/g, 'q'), n: b.n })),
    ),
  ),
  { maxLength: 3 },
)

/** Authorization headers: the admin's (mostly) or garbage; garbage goes to a separate app so the lockout does not block the rest. */
export const authHeader = (ctx: FuzzContext) =>
  fc.oneof(
    { weight: 9, arbitrary: fc.constant(ctx.adminAuth) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'Basic',
        'Basic !!!',
        `Basic ${btoa('admin')}`,
        `Basic ${btoa(':')}`,
        'Bearer x',
        `Basic ${'A'.repeat(5000)}`,
      ),
    },
  )
