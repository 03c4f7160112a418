/**
 * The server's log and its one redaction list (OWASP Logging cheat sheet: no session ids, tokens, passwords or email
 * addresses in logs). `logger` writes one JSON line per event (pino) to stdout. Fields named for a secret
 * (SECRET_FIELDS) are replaced by pino's redact; in production every line is also scrubbed by value (redactLine): magic-link
 * and other token-carrying URL values, cookies, Authorization values, passwords in URLs, email addresses,
 * secret-named JSON fields and the configured secret values become `[redacted]`. routeConsoleToLog() sends every
 * console call (the server's libraries') through the same logger, and logCrashes() the process's uncaught errors.
 */
import { format } from 'node:util'
import { hostname } from 'node:os'
import pino, { type Logger } from 'pino'

/** What stands in for a removed secret. */
export const REDACTED = '[redacted]'

/** The LOG_LEVEL values, most to least severe; silent writes nothing. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
/** One LOG_LEVEL value. */
export type LogLevel = (typeof LOG_LEVELS)[number]

/** Shapes that carry a secret, each with the replacement keeping the name and dropping the value. */
const SECRET_SHAPES: [RegExp, string][] = [
  // URL query values: the magic link's token, session ids, signed-URL signatures and credentials.
  [
    /([?&](?:token|sid|session|sessionId|password|secret|key|code|signature|x-amz-signature|x-amz-credential|x-amz-security-token)=)[^&\s"'<>]+/gi,
    `$1${REDACTED}`,
  ],
  // The password of a URL's userinfo: smtp://user:password@host.
  [/(\/\/[^/\s:@]+:)[^@\s/]+@/g, `$1${REDACTED}@`],
  // Header values: Authorization, Cookie, Set-Cookie.
  [/(\b(?:authorization|cookie|set-cookie)\b["']?\s*[:=]\s*["']?)[^\n"']+/gi, `$1${REDACTED}`],
  // Cookies and credentials outside a header line: sid=..., hv_admin=..., Basic ..., Bearer ...
  [/(\b(?:__Host-)?(?:sid|hv_admin)=)[^;\s"',]+/g, `$1${REDACTED}`],
  [/(\b(?:Basic|Bearer) )[\w+/=.~-]{8,}/g, `$1${REDACTED}`],
  // JSON fields named for a secret: {"sessionId":"...","password":"..."}.
  [/("(?:sessionId|sid|token|password|adminPassword|secret|secretAccessKey|email)"\s*:\s*")[^"]*/gi, `$1${REDACTED}`],
  // Email addresses (personal data), after the URL userinfo above so smtp://user:pass@host keeps its host.
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, REDACTED],
]

/**
 * Field names whose values never reach a log line: pino's redact removes them at the top level of every line (its
 * wildcard paths would cost CPU on every line), and in production redactLine removes them at any depth.
 */
export const SECRET_FIELDS = [
  'password',
  'adminPassword',
  'token',
  'sessionId',
  'sid',
  'secret',
  'secretAccessKey',
  'email',
  'authorization',
  'cookie',
]
const SECRET_FIELD_SET = new Set(SECRET_FIELDS)

/**
 * What a line holds when a secret shape or field may be in it: every SECRET_SHAPES match needs one of these, so a
 * line without any (most request lines) is written as it is without being parsed.
 */
const MAY_HOLD_SECRET = /[=@]|authoriz|cookie|basic|bearer|sid|session|token|password|secret|email/i

/** Shortest configured secret redacted by value: shorter ones would match ordinary words. */
const MIN_SECRET_LENGTH = 6

/** text with every secret shape and every value of secrets (at least MIN_SECRET_LENGTH characters) replaced by REDACTED. */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text
  for (const secret of secrets) if (secret.length >= MIN_SECRET_LENGTH) out = out.replaceAll(secret, REDACTED)
  for (const [shape, replacement] of SECRET_SHAPES) out = out.replace(shape, replacement)
  return out
}

/** value with redact() applied to every string in it (keys included) and SECRET_FIELDS replaced, objects and arrays copied. */
function redactDeep(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redact(value, secrets)
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, secrets))
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [redact(k, secrets), SECRET_FIELD_SET.has(k) ? REDACTED : redactDeep(v, secrets)]),
    )
  return value
}

/**
 * One JSON log line with every string in it redacted and every SECRET_FIELDS field replaced at any depth (a line
 * that is not JSON is redacted as text). A line that holds neither a configured secret nor MAY_HOLD_SECRET is
 * answered as it is.
 */
export function redactLine(line: string, secrets: readonly string[] = []): string {
  if (!MAY_HOLD_SECRET.test(line) && !secrets.some((s) => s.length >= MIN_SECRET_LENGTH && line.includes(s))) return line
  try {
    return `${JSON.stringify(redactDeep(JSON.parse(line), secrets))}\n`
  } catch {
    return redact(line, secrets)
  }
}

/** Bytes of log lines kept before they are written to stdout in one call. */
const BATCH_BYTES = 16384
/** Longest a log line waits to be written, ms. */
const BATCH_MS = 100

let stdoutBatch: (pino.DestinationStream & { flush(cb?: () => void): void; flushSync(): void }) | undefined

/**
 * The process's stdout for log lines, written in batches: lines wait until BATCH_BYTES of them are kept or BATCH_MS
 * has passed since the first of them, then go out in one write (pino's stdout destination, which retries a busy
 * pipe), instead of one write per line. A batch is encoded to UTF-8 once and handed over as a buffer, which the destination writes as it is
 * (a string would be measured and encoded again on its way out). flushSync() writes what waits at once: pino calls it after
 * a fatal line, and so does the process's exit (process.exit, an uncaught exception, the end of the event loop), after
 * which each line is written as it comes; so only a kill -9 or a power cut loses lines. The timer runs only while
 * lines wait: a process that logs nothing is not woken for the batch. One batch for the whole process, so the lines of
 * every logger keep their order.
 */
function batchedStdout() {
  if (stdoutBatch) return stdoutBatch
  // In buffer mode SonicBoom writes the buffers it is given; its types name strings only.
  const out = pino.destination({ dest: 1, sync: true, contentMode: 'buffer' }) as unknown as { write(bytes: Buffer): boolean }
  let lines: string[] = []
  let size = 0
  let exiting = false
  // Set while lines wait; a write by size leaves it set, so the lines after that write wait less than BATCH_MS.
  let timer: ReturnType<typeof setTimeout> | undefined
  const flushSync = () => {
    if (size === 0) return
    const text = lines.join('')
    lines = []
    size = 0
    out.write(Buffer.from(text))
  }
  const flushOnTimer = () => {
    timer = undefined
    flushSync()
  }
  process.once('exit', () => {
    exiting = true
    flushSync()
  })
  stdoutBatch = {
    write(line: string) {
      lines.push(line)
      size += line.length
      if (size >= BATCH_BYTES || exiting) flushSync()
      else if (!timer) timer = setTimeout(flushOnTimer, BATCH_MS).unref()
    },
    flush(cb?: () => void) {
      flushSync()
      cb?.()
    },
    flushSync,
  }
  return stdoutBatch
}

/** Options of createLogger: level (LOG_LEVEL), production (scrub every line by value), secrets (configured values to remove), destination (default stdout, batched). */
export type LoggerOptions = { level: LogLevel; production: boolean; secrets?: (string | undefined)[]; destination?: pino.DestinationStream }

/** This process's id in every line (`instance`): host name and process id, so lines of several servers stay apart. */
export const INSTANCE_ID = `${hostname()}:${process.pid}`

/** A pino logger writing JSON lines with top-level SECRET_FIELDS removed and, in production, every line passed through redactLine. */
export function createLogger({ level, production, secrets = [], destination }: LoggerOptions): Logger {
  const known = secrets.filter((s): s is string => !!s)
  return pino(
    {
      level,
      base: { instance: INSTANCE_ID },
      redact: { paths: SECRET_FIELDS, censor: REDACTED },
      ...(production ? { hooks: { streamWrite: (line: string) => redactLine(line, known) } } : {}),
    },
    destination ?? batchedStdout(),
  )
}

/** The fields of one request line (server/http/request-log.ts): id, route pattern, method, status, ms to the answer. */
export type RequestLine = { requestId: string; route: string; method: string; status: number; ms: number }

/** pino's number of the info level, which request lines carry. */
const INFO_LEVEL = 30

/** Hex digits and dashes: a string no JSON escape and no SECRET_SHAPES pattern touches. */
const HEX_ID = /^[\da-f-]+$/

/** Most (route, method) pairs whose part of the request line is kept (the route patterns and methods of the app). */
const MAX_KEPT_ROUTE_PARTS = 1024

/**
 * The writer of request lines for a logger made with options: the line pino's `info(fields, 'request')` would write,
 * redactLine's output in production included (same fields and order, the same destination), built as one template
 * string, since request lines are the one line per request and pino's serializer costs several times as much. In
 * production each string value is redacted on its own, as redactLine does once it parses a line, which spares the
 * parse; numbers hold nothing to redact, nor does a request id of hex digits and dashes but for a configured secret
 * in it. The route and method part of the line is made once per route pattern and method and kept (route patterns are
 * a small fixed set). Writes nothing when out's level hides info.
 */
function createRequestLineWriter({ production, secrets = [], destination }: LoggerOptions, out: Logger) {
  const known = secrets.filter((s): s is string => !!s)
  const holdsKnown = (value: string) => known.some((s) => s.length >= MIN_SECRET_LENGTH && value.includes(s))
  const scrub = production
    ? (value: string) => (MAY_HOLD_SECRET.test(value) || holdsKnown(value) ? redact(value, known) : value)
    : (value: string) => value
  // A request id of hex digits and dashes (the server's own UUIDs) needs no escaping and holds no secret shape.
  const quotedId = (id: string) => (HEX_ID.test(id) && !(production && holdsKnown(id)) ? `"${id}"` : JSON.stringify(scrub(id)))
  const stream = destination ?? batchedStdout()
  const head = `{"level":${INFO_LEVEL},"time":`
  const base = `,"instance":${JSON.stringify(scrub(INSTANCE_ID))},"requestId":`
  const routeParts = new Map<string, Map<string, string>>()
  let kept = 0
  /** `,"route":…,"method":…,"status":` of route and method, scrubbed and quoted. */
  const routePart = (route: string, method: string) => {
    let byMethod = routeParts.get(route)
    let part = byMethod?.get(method)
    if (part !== undefined) return part
    part = `,"route":${JSON.stringify(scrub(route))},"method":${JSON.stringify(scrub(method))},"status":`
    if (kept < MAX_KEPT_ROUTE_PARTS) {
      kept++
      if (!byMethod) routeParts.set(route, (byMethod = new Map()))
      byMethod.set(method, part)
    }
    return part
  }
  // The level is set once, when the logger is made.
  if (!out.isLevelEnabled('info')) return (_: RequestLine) => {}
  return (r: RequestLine) =>
    stream.write(
      `${head}${Date.now()}${base}${quotedId(r.requestId)}${routePart(r.route, r.method)}${r.status},"ms":${r.ms},"msg":"request"}\n`,
    )
}

/** The log before configureLog(): silent under `bun test`, info otherwise, scrubbed under NODE_ENV=production. */
const initialLog: LoggerOptions = {
  level: process.env.NODE_ENV === 'test' ? 'silent' : 'info',
  production: process.env.NODE_ENV === 'production',
}

/**
 * The server's logger: initialLog until configured (so a crash before the configuration is read is redacted too);
 * main.ts replaces it with configureLog().
 */
export let logger: Logger = createLogger(initialLog)

/** Writes one request line through the server's logger (its level, destination and redaction). */
export let logRequestLine = createRequestLineWriter(initialLog, logger)

/** Replaces the server's logger and its request-line writer (main.ts, once the configuration is read). */
export function configureLog(options: LoggerOptions): Logger {
  logger = createLogger(options)
  logRequestLine = createRequestLineWriter(options, logger)
  return logger
}

/**
 * Makes console.log/info/debug write an info line and console.warn/error a warn/error line through logger (util.format,
 * so an Error keeps its stack), so a library's console output is JSON and redacted like the server's own lines.
 */
export function routeConsoleToLog(): void {
  const levels = { log: 'info', info: 'info', debug: 'debug', warn: 'warn', error: 'error' } as const
  for (const [method, level] of Object.entries(levels))
    console[method as keyof typeof levels] = (...args: unknown[]) => logger[level](format(...args))
}

/**
 * Sends the process's crashes through logger instead of Bun's own printing (raw, on stderr, secrets included): an
 * uncaught exception or an unhandled promise rejection is written as one fatal JSON line (`err`: the error, with its
 * stack, redacted as every line) and the process exits 1, as it would without the handlers (its state is unknown).
 */
export function logCrashes(): void {
  const crash = (msg: string) => (error: unknown) => {
    logger.fatal({ err: error }, msg)
    process.exit(1)
  }
  process.on('uncaughtException', crash('uncaught exception'))
  process.on('unhandledRejection', crash('unhandled promise rejection'))
}
