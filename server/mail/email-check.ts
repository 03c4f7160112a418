/**
 * Email checks (server-contract: POST /api/validate-email) with maintained libraries: syntax by validator,
 * throw-away domains by disposable-email-domains (read into a compact set: ./disposable-domains), typo suggestions by @zootools/email-spell-checker.
 */
// Only the isEmail check, so the rest of the validator package never loads into the server's memory.
import isEmail from 'validator/lib/isEmail'
import emailSpellChecker from '@zootools/email-spell-checker'
import { isDisposableDomain } from './disposable-domains'

/** The error of an address that is not an email (public-visitor §8). */
export const INVALID_EMAIL = 'Please enter a valid email address'
/** The error of an address at a disposable-mail domain (public-visitor §8). */
export const DISPOSABLE_EMAIL = 'Disposable email addresses are not accepted'

/** The result of checking one address: errors in display order; suggestions is a corrected address or null. */
export type EmailCheck = { isValid: boolean; errors: string[]; suggestions: string | null }

/** Trims and lowercases an address the way every email flow stores it. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Checks email (normalised first). */
export function checkEmail(raw: string): EmailCheck {
  const email = normalizeEmail(raw)
  const errors: string[] = []
  // A lone UTF-16 surrogate is no address, and validator's encodeURI would throw on it (a 500).
  const loneSurrogate = LONE_SURROGATE.test(email)
  if (loneSurrogate || !isEmail(email, { allow_utf8_local_part: false })) errors.push(INVALID_EMAIL)
  else if (isDisposableDomain(email.split('@')[1])) errors.push(DISPOSABLE_EMAIL)
  const suggestion = email.includes('@') && !loneSurrogate ? (emailSpellChecker.run({ email })?.full ?? null) : null
  return { isValid: errors.length === 0, errors, suggestions: suggestion && suggestion !== email ? suggestion : null }
}
