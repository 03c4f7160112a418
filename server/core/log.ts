/**
 * The one redaction point of the server's log (OWASP Logging cheat sheet: no session ids, tokens or passwords in
 * logs). In production, installLogRedaction() routes every console call (the server's own and its libraries') through
 * redact(): magic-link and other token-carrying URLs, cookies, Authorization values, passwords in URLs, secret-named
 * JSON fields and the configured secret values are replaced by `[redacted]` before the line is written.
 */
import { format } from 'node:util'

/** What stands in for a removed secret. */
export const REDACTED = '[redacted]'

/** Shapes that carry a secret, each with the replacement keeping the name and dropping the value. */
const SECRET_SHAPES: [RegExp, string][] = [
  // URL query values: the magic link's token, session ids, signed-URL signatures and credentials.
  [/([?&](?:token|sid|session|sessionId|password|secret|key|code|signature|x-amz-signature|x-amz-credential|x-amz-security-token)=)[^&\s"'<>]+/gi, `$1${REDACTED}`],
  // The password of a URL's userinfo: smtp://user:password@host.
  [/(\/\/[^/\s:@]+:)[^@\s/]+@/g, `$1${REDACTED}@`],
  // Header values: Authorization, Cookie, Set-Cookie.
  [/(\b(?:authorization|cookie|set-cookie)\b["']?\s*[:=]\s*["']?)[^\n"']+/gi, `$1${REDACTED}`],
  // Cookies and credentials outside a header line: sid=..., hv_admin=..., Basic ..., Bearer ...
  [/(\b(?:__Host-)?(?:sid|hv_admin)=)[^;\s"',]+/g, `$1${REDACTED}`],
  [/(\b(?:Basic|Bearer) )[\w+/=.~-]{8,}/g, `$1${REDACTED}`],
  // JSON fields named for a secret: {"sessionId":"...","password":"..."}.
  [/("(?:sessionId|sid|token|password|adminPassword|secret|secretAccessKey)"\s*:\s*")[^"]*/gi, `$1${REDACTED}`],
]

/** Shortest configured secret redacted by value: shorter ones would match ordinary words. */
const MIN_SECRET_LENGTH = 6

/** text with every secret shape and every value of secrets (at least MIN_SECRET_LENGTH characters) replaced by REDACTED. */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text
  for (const secret of secrets) if (secret.length >= MIN_SECRET_LENGTH) out = out.replaceAll(secret, REDACTED)
  for (const [shape, replacement] of SECRET_SHAPES) out = out.replace(shape, replacement)
  return out
}

/**
 * Makes console.log/info/warn/error/debug format their arguments as before (util.format, so an Error keeps its
 * stack) and write the redacted text. secrets: configured values to remove wherever they appear (undefined skipped).
 */
export function installLogRedaction(secrets: (string | undefined)[]): void {
  const known = secrets.filter((s): s is string => !!s)
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const write = console[level].bind(console)
    console[level] = (...args: unknown[]) => write(redact(format(...args), known))
  }
}
