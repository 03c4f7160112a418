/** The magic-link email (server-contract: a readable HTML and plain-text message with the site name). */
import type { MailMessage } from '../../mail/mailer'

/** The message carrying link; purpose 'save' verifies the visitor's email, 'login' signs in to an existing account. */
export function magicLinkEmail(siteName: string, to: string, link: string, purpose: 'save' | 'login'): MailMessage {
  const intro = purpose === 'save' ? `Confirm this email to save your ${siteName} account.` : `Use this link to log in to your ${siteName} account.`
  const text = [`Hello,`, intro, link, 'The link works once and expires in 15 minutes. If you did not ask for it, ignore this email.', `— ${siteName}`].join('\n\n')
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#18181b">
<p>Hello,</p><p>${intro}</p>
<p><a href="${link}" style="display:inline-block;background:#e11d48;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${purpose === 'save' ? 'Save my account' : 'Log in'}</a></p>
<p style="font-size:13px;color:#52525b">Or open this address: ${link}<br>The link works once and expires in 15 minutes. If you did not ask for it, ignore this email.</p>
<p>— ${siteName}</p></body></html>`
  return { to, subject: purpose === 'save' ? `${siteName}: confirm your email` : `${siteName}: your login link`, text, html }
}
