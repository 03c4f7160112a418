/** The confirmation email a complainant receives after filing a takedown (plain text and HTML). */
import type { MailMessage } from '../../mail/mailer'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The message to the complainant of a stored request. */
export function dmcaConfirmationEmail(siteName: string, request: { complainantName: string; complainantEmail: string; referenceNumber: string }): MailMessage {
  const lines = [
    `Hello ${request.complainantName},`,
    `We received your DMCA takedown request on ${siteName}. Your reference number is ${request.referenceNumber}.`,
    'Our team will review it within 24-48 hours, and you will receive another email once the review is complete.',
    `— The ${siteName} team`,
  ]
  return {
    to: request.complainantEmail,
    subject: `${siteName}: DMCA takedown request ${request.referenceNumber} received`,
    text: lines.join('\n\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</body></html>`,
  }
}
