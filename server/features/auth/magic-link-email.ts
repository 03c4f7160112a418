/** The magic-link email (server-contract: a readable HTML and plain-text message with the site name). */
import type { MailMessage } from '../../mail/mailer'

/**
 * What a magic-link mail is for: 'save' verifies the visitor's email, 'login' signs in to an existing account, and
 * 'taken' answers a save request for an address another account verified: it tells the address's owner (and only
 * them) that the address has an account, with a login link to it.
 */
export type MagicLinkMail = 'save' | 'login' | 'taken'

const INTRO: Record<MagicLinkMail, (siteName: string) => string> = {
  save: (siteName) => `Confirm this email to save your ${siteName} account.`,
  login: (siteName) => `Use this link to log in to your ${siteName} account.`,
  taken: (siteName) =>
    `Someone asked to save a ${siteName} account with this email, but it already belongs to an account. If that was you, use this link (or "Login as Different User") to log in to that account.`,
}

/** The message carrying link for purpose (MagicLinkMail). */
export function magicLinkEmail(siteName: string, to: string, link: string, purpose: MagicLinkMail): MailMessage {
  const intro = INTRO[purpose](siteName)
  const text = [
    `Hello,`,
    intro,
    link,
    'The link works once and expires in 15 minutes. If you did not ask for it, ignore this email.',
    `— ${siteName}`,
  ].join('\n\n')
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#18181b">
<p>Hello,</p><p>${intro}</p>
<p><a href="${link}" style="display:inline-block;background:#e11d48;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${purpose === 'save' ? 'Save my account' : 'Log in'}</a></p>
<p style="font-size:13px;color:#52525b">Or open this address: ${link}<br>The link works once and expires in 15 minutes. If you did not ask for it, ignore this email.</p>
<p>— ${siteName}</p></body></html>`
  const subject = {
    save: `${siteName}: confirm your email`,
    login: `${siteName}: your login link`,
    taken: `${siteName}: this email already has an account`,
  }[purpose]
  return { to, subject, text, html }
}
