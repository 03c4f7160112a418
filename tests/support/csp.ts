/** Browser-test helper for the Content-Security-Policy: cspViolations() records every violation a context's pages report. */
import type { BrowserContext } from 'playwright-core'

/**
 * Starts recording every CSP violation of context's pages and frames (securitypolicyviolation events and console
 * reports); answers the list, which grows as they come, as `<directive> <blocked URI> at <page>` or the console text.
 */
export async function cspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = []
  await context.exposeBinding('reportCspViolation', (_source, text: string) => void violations.push(text))
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportCspViolation(t: string): void }).reportCspViolation(
        `${e.violatedDirective} ${e.blockedURI} at ${location.href}`,
      ),
    ),
  )
  context.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text())
  })
  return violations
}
