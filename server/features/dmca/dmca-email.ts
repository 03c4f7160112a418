/**
 * The confirmation email a complainant receives after filing a takedown (plain text and HTML). It repeats none of the
 * free text the filer typed (anyone can file, so the form must not mail attacker-written text to
 * the address it names): only the reference number, the filing date and a count of the listed URLs.
 */
import type { MailMessage } from '../../mail/mailer'

/** What the message may say about a stored request; filedAt ISO-8601 UTC. */
export type DmcaMailSummary = { complainantEmail: string; referenceNumber: string; createdAt: string; urlCount: number }

/** The message to the complainant of a stored request. */
export function dmcaConfirmationEmail(siteName: string, request: DmcaMailSummary): MailMessage {
  const urls = request.urlCount === 1 ? '1 infringing URL' : `${request.urlCount} infringing URLs`
  const lines = [
    'Hello,',
    `We received a DMCA takedown request on ${siteName} on ${request.createdAt.slice(0, 10)} (UTC), listing ${urls}. Its reference number is ${request.referenceNumber}.`,
    'Our team will review it within 24-48 hours, and you will receive another email once the review is complete.',
    'If you did not file this request, you can ignore this email.',
    `— The ${siteName} team`,
  ]
  return {
    to: request.complainantEmail,
    subject: `${siteName}: DMCA takedown request ${request.referenceNumber} received`,
    text: lines.join('\n\n'),
    // Every line is built from the site's own text, a date, a count and a reference number of [A-Z0-9-]: nothing to escape.
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${lines.map((l) => `<p>${l}</p>`).join('')}</body></html>`,
  }
}
